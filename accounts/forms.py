from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import PasswordChangeForm, PasswordResetForm

from accounts import throttle
from accounts.emails import normalize_email
from accounts.mail_limit import take_mail_slot

User = get_user_model()

GENERIC_LOGIN_ERROR = "That email and password do not match an account."


class SignupForm(forms.Form):
    display_name = forms.CharField(
        label="Your name", max_length=80, help_text="How the interviewer will address you."
    )
    email = forms.EmailField(label="Email")
    password = forms.CharField(
        label="Password",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="At least 10 characters, not a common password.",
    )

    def clean_email(self):
        # No "already exists" error: the page must not tell whether an address has an account.
        return normalize_email(self.cleaned_data["email"])

    def clean_display_name(self):
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            raise forms.ValidationError("Please tell us your name.")
        return name

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        password = cleaned.get("password")
        if password:
            probe = User(email=cleaned.get("email", ""), display_name=cleaned.get("display_name", ""))
            try:
                password_validation.validate_password(password, probe)
            except forms.ValidationError as error:
                self.add_error("password", error)
        return cleaned


class LoginForm(forms.Form):
    email = forms.EmailField(label="Email", widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    password = forms.CharField(
        label="Password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, request, *args, **kwargs):
        self.request = request
        self.user = None
        super().__init__(*args, **kwargs)

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        email, password = cleaned.get("email"), cleaned.get("password")
        if not email or not password:
            return cleaned
        user = throttle.guarded_authenticate(self.request, email, password)
        if user is None:
            raise forms.ValidationError(GENERIC_LOGIN_ERROR, code="invalid_login")
        self.user = user
        return cleaned


class AdminLoginForm(AdminAuthenticationForm):
    """/admin/login/ behind the same lockout as the site login (same limits, same message)."""

    def clean(self):
        email, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if email and password:
            self.user_cache = throttle.guarded_authenticate(self.request, email, password)
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """The old password counts as a login attempt: wrong ones lock the account like failed logins."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        if not throttle.guarded_check_password(self.request, self.user, old_password):
            raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class ResendVerificationForm(forms.Form):
    email = forms.EmailField(label="Email", max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name"]
        labels = {"display_name": "Your name"}


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label="Your password",
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text="Deleting your account removes your documents, interviews and reports. It cannot be undone.",
    )

    def __init__(self, user, *args, request=None, **kwargs):
        self.user = user
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not throttle.guarded_check_password(self.request, self.user, password):  # counted like a login
            raise forms.ValidationError("That password is not right.")
        return password


class EmailPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending multipart mail through our templates."""

    email = forms.EmailField(label="Email", max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))

    def get_users(self, email):
        # The stored, normalised spelling only: no database case folding (PostgreSQL's UPPER() maps 'ſ' to 'S').
        users = User._default_manager.filter(email=normalize_email(email), is_active=True)
        return (user for user in users if user.has_usable_password())

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):
        if take_mail_slot(to_email):  # past the hourly allowance nothing is sent; the page looks the same
            super().send_mail(subject_template_name, email_template_name, context, from_email, to_email,
                              html_email_template_name)
