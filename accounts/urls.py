from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("signup/sent/", views.signup_sent, name="signup_sent"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("verify/<str:token>/", views.verify, name="verify"),
    path("verify-resend/", views.resend_verification, name="verify_resend"),
    path("profile/", views.profile, name="profile"),
    path("export/", views.export_data, name="export"),
    path("delete/", views.delete_account, name="delete"),
    path("password/change/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/sent/", views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("password/reset/done/", views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]
