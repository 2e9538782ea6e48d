import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.demo import DEMO_CANDIDATE, DEMO_STAFF

REFUSED_IN_PRODUCTION = (
    "seed_demo does not run with MOCKFLOW_ENV=production: the demo accounts' passwords are published "
    "in the README. To create a first staff account with a random password (printed once), run "
    "`manage.py seed_demo --production-staff`; or use `manage.py createsuperuser`."
)


class Command(BaseCommand):
    help = (
        "Create the demo accounts (one candidate, one staff member) and print their credentials. "
        "In production it refuses, unless --production-staff asks for a staff account with a random password."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--production-staff",
            action="store_true",
            help="In production: create the staff account with a random password printed once (no candidate).",
        )

    def handle(self, *args, **options):
        if settings.PRODUCTION:
            if not options["production_staff"]:
                raise CommandError(REFUSED_IN_PRODUCTION)
            self._production_staff()
            return
        User = get_user_model()
        email, name, password = DEMO_CANDIDATE
        candidate, created = User.objects.get_or_create(
            email=email, defaults={"display_name": name, "email_verified_at": timezone.now()}
        )
        if created:
            candidate.set_password(password)
            candidate.save()
        staff, created = self._staff()
        if created:
            staff.set_password(DEMO_STAFF[2])
            staff.save()
        self.stdout.write("Demo accounts (created once; change them on a shared machine):")
        self.stdout.write(f"  candidate  {DEMO_CANDIDATE[0]} / {DEMO_CANDIDATE[2]}")
        self.stdout.write(f"  staff      {DEMO_STAFF[0]} / {DEMO_STAFF[2]}   (admin at /admin/)")

    def _staff(self):
        email, name, _password = DEMO_STAFF
        staff, created = get_user_model().objects.get_or_create(
            email=email,
            defaults={"display_name": name, "is_staff": True, "is_superuser": True, "email_verified_at": timezone.now()},
        )
        recruiters = Group.objects.filter(name="Recruiters").first()
        if recruiters:
            staff.groups.add(recruiters)
        return staff, created

    def _production_staff(self):
        staff, created = self._staff()
        if not created and not staff.check_password(DEMO_STAFF[2]):
            self.stdout.write(f"{staff.email} already exists; its password is unchanged.")
            return
        password = secrets.token_urlsafe(18)
        staff.set_password(password)
        staff.save()
        self.stdout.write(f"Staff account {staff.email} (admin at /admin/), password printed this once:")
        self.stdout.write(f"  {password}")
        self.stdout.write("Store it now, or set another with `manage.py changepassword`.")
