from django.apps import AppConfig


class InterviewsConfig(AppConfig):
    name = "interviews"
    verbose_name = "Interviews"

    def ready(self):
        from interviews import userdata
        from interviews.live import logout  # noqa: F401  (closes a user's sockets when they log out)

        userdata.register()
