from django.apps import AppConfig


class FeedbackConfig(AppConfig):
    name = "feedback"
    verbose_name = "Feedback"

    def ready(self):
        from feedback import receivers  # noqa: F401 - connects the signal receivers
        from feedback.services import userdata

        userdata.register()
