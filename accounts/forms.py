from django import forms
from django.contrib.auth import authenticate, get_user_model, password_validation
from django.contrib.auth.forms import PasswordResetForm

from accounts import throttle

User = get_user_model()

GENERIC_LOGIN_ERROR = "That email and password do not match an account."
LOCKED_ERROR = "Too many failed attempts. Please wait 15 minutes, or reset your password."


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
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("An account with this email already exists. Log in instead.")
        return email

    def clean_display_name(self):
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            raise forms.ValidationError("Please tell us your name.")
        return name

    def clean(self):
        cleaned = super().clean()
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
        cleaned = super().clean()
        email, password = cleaned.get("email"), cleaned.get("password")
        if not email or not password:
            return cleaned
        ip = throttle.client_ip(self.request)
        if throttle.is_locked(email, ip):
            raise forms.ValidationError(LOCKED_ERROR, code="locked")
        user = authenticate(self.request, email=email, password=password)
        if user is None:
            throttle.record_failure(email, ip)
            raise forms.ValidationError(GENERIC_LOGIN_ERROR, code="invalid_login")
        throttle.clear(email)
        self.user = user
        return cleaned


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

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That password is not right.")
        return password


class EmailPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending multipart mail through our templates."""

    email = forms.EmailField(label="Email", max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))
