"""The admin site: its login and password change go through the site's failed-password lockout."""

from django.contrib.admin import AdminSite
from django.contrib.auth.views import PasswordChangeView


class _PasswordChangeWithRequest(PasswordChangeView):
    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class MockFlowAdminSite(AdminSite):
    def __init__(self, *args, **kwargs):
        from accounts.forms import AdminLoginForm

        super().__init__(*args, **kwargs)
        self.login_form = AdminLoginForm

    def password_change(self, request, extra_context=None):
        from django.contrib.admin.forms import AdminPasswordChangeForm
        from django.urls import reverse

        from accounts.forms import ThrottledPasswordChangeForm

        class Form(ThrottledPasswordChangeForm):
            required_css_class = AdminPasswordChangeForm.required_css_class

        request.current_app = self.name
        return _PasswordChangeWithRequest.as_view(
            form_class=Form,
            success_url=reverse("admin:password_change_done", current_app=self.name),
            extra_context={**self.each_context(request), **(extra_context or {})},
        )(request)
