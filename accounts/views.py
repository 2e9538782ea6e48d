import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import services
from accounts.backends import BACKEND
from accounts.emails import normalize_email
from accounts.forms import (
    DeleteAccountForm,
    EmailPasswordResetForm,
    LoginForm,
    ProfileForm,
    ResendVerificationForm,
    SignupForm,
    ThrottledPasswordChangeForm,
)

User = get_user_model()


def signup(request):
    if request.user.is_authenticated:
        return redirect(services.user_home(request.user))
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # New address or not, the answer is the same page; the email tells the owner which it was.
        services.user_signup(
            email=form.cleaned_data["email"],
            display_name=form.cleaned_data["display_name"],
            password=form.cleaned_data["password"],
        )
        return redirect("accounts:signup_sent")
    return render(request, "accounts/signup.html", {"form": form})


def signup_sent(request):
    return render(request, "accounts/signup_sent.html", {"form": ResendVerificationForm()})


def login_view(request):
    if request.user.is_authenticated:
        return redirect(services.user_home(request.user))
    form = LoginForm(request, request.POST or None)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if request.method == "POST" and form.is_valid():
        login(request, form.user)
        if url_has_allowed_host_and_scheme(next_url, {request.get_host()}, require_https=request.is_secure()):
            return redirect(next_url)
        return redirect(services.user_home(request.user))
    return render(request, "accounts/login.html", {"form": form, "next": next_url})


@require_POST
def logout_view(request):
    logout(request)
    messages.info(request, "You are logged out.")
    return redirect("accounts:login")


def verify(request, token):
    user, verified_now = services.verification_confirm(token=token)
    if user is None:
        messages.error(request, "That verification link is invalid or has expired. Ask for a new one below.")
        return redirect("dashboard" if request.user.is_authenticated else "accounts:signup_sent")
    if verified_now and request.user != user:
        # The emailed link is how a new account is first signed in (once: a second click only says so).
        login(request, user, backend=BACKEND)
        messages.success(request, f"Welcome, {user.get_short_name()}! {user.email} is verified.")
    else:
        messages.success(request, f"Thanks! {user.email} is verified.")
    return redirect("dashboard" if request.user.is_authenticated else "accounts:login")


SENT_AGAIN = ("If an account at {email} is waiting for verification, a new link is on its way "
              "(we send at most {limit} emails an hour to one address).")


@require_POST
def resend_verification(request):
    """Anyone may ask for the link again (from "check your email"); the answer never says whether one went."""
    if request.user.is_authenticated:
        if request.user.email_verified:
            messages.info(request, "Your email is already verified.")
        else:
            services.verification_send(user=request.user)
            messages.success(request, SENT_AGAIN.format(email=request.user.email, limit=settings.MAIL_PER_ADDRESS_PER_HOUR))
        return redirect("accounts:profile")
    form = ResendVerificationForm(request.POST)
    if not form.is_valid():
        return render(request, "accounts/signup_sent.html", {"form": form})
    email = normalize_email(form.cleaned_data["email"])
    user = User.objects.filter(email=email, email_verified_at__isnull=True, is_active=True).first()
    if user is not None:
        services.verification_send(user=user)
    messages.success(request, SENT_AGAIN.format(email=email, limit=settings.MAIL_PER_ADDRESS_PER_HOUR))
    return redirect("accounts:signup_sent")


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form})


@login_required
def export_data(request):
    data = services.user_export_data(user=request.user)
    response = HttpResponse(json.dumps(data, indent=2, default=str), content_type="application/json")
    stamp = timezone.now().strftime("%Y%m%d")
    response["Content-Disposition"] = f'attachment; filename="mockflow-data-{stamp}.json"'
    return response


@login_required
def delete_account(request):
    form = DeleteAccountForm(request.user, request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        services.user_delete(user=user)
        messages.success(request, "Your account and all of its data have been deleted.")
        return redirect("accounts:login")
    return render(request, "accounts/delete.html", {"form": form})


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = ThrottledPasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form):
        messages.success(self.request, "Your password has been changed.")
        return super().form_valid(form)


class PasswordResetView(auth_views.PasswordResetView):
    form_class = EmailPasswordResetForm
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/email/password_reset_body.txt"
    html_email_template_name = "accounts/email/password_reset_body.html"
    subject_template_name = "accounts/email/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"
