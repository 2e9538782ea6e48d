from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class SiteConfig(AppConfig):
    name = "mockflow_site"
    verbose_name = "MockFlow site"

    def ready(self):
        from mockflow_site import checks  # noqa: F401  (registers the deploy checks)


class MockFlowAdminConfig(AdminConfig):
    default_site = "mockflow_site.admin_site.MockFlowAdminSite"
