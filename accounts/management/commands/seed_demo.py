from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.utils import timezone

DEMO_CANDIDATE = ("candidate@mockflow.local", "Alex Candidate", "practise-2026")
DEMO_STAFF = ("staff@mockflow.local", "Sam Staff", "staff-2026-mockflow")


class Command(BaseCommand):
    help = "Create the demo accounts (one candidate, one staff member) and print their credentials."

    def handle(self, *args, **options):
        User = get_user_model()
        email, name, password = DEMO_CANDIDATE
        candidate, created = User.objects.get_or_create(
            email=email, defaults={"display_name": name, "email_verified_at": timezone.now()}
        )
        if created:
            candidate.set_password(password)
            candidate.save()
        email, name, staff_password = DEMO_STAFF
        staff, created = User.objects.get_or_create(
            email=email,
            defaults={"display_name": name, "is_staff": True, "is_superuser": True, "email_verified_at": timezone.now()},
        )
        if created:
            staff.set_password(staff_password)
            staff.save()
        recruiters = Group.objects.filter(name="Recruiters").first()
        if recruiters:
            staff.groups.add(recruiters)
        self.stdout.write("Demo accounts (created once; change them on a shared machine):")
        self.stdout.write(f"  candidate  {DEMO_CANDIDATE[0]} / {DEMO_CANDIDATE[2]}")
        self.stdout.write(f"  staff      {DEMO_STAFF[0]} / {DEMO_STAFF[2]}   (admin at /admin/)")
