"""MockFlow settings: one module, read from the environment, with embedded defaults that need no service.

Sections: core, database, channels and cache, tasks, mail, security, integrations.
`MOCKFLOW_ENV=production` requires SECRET_KEY and ALLOWED_HOSTS and turns on every hardening setting.
"""

from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from mockflow_site.env import (
    database_config,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_networks,
    env_str,
    env_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MOCKFLOW_VAR_DIR", str(BASE_DIR / "var")))

# --- Core -------------------------------------------------------------------------------------------
MOCKFLOW_ENV = env_choice("MOCKFLOW_ENV", "development", ("development", "production"))
PRODUCTION = MOCKFLOW_ENV == "production"

if PRODUCTION:
    SECRET_KEY = env_str("SECRET_KEY", required=True)
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters in production.")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", required=True)
    DEBUG = False
else:
    SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-change-me-for-production-use-please-0123456789")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
    DEBUG = env_bool("DEBUG", True)

# Production reports a missing or plain-http SITE_URL in `manage.py check --deploy` (mockflow_site/checks.py).
# The default is where `make run` serves (HOST, PORT); bin/run hands the web's address to every process.
_served_host = env_str("HOST", "127.0.0.1")
_served_host = "127.0.0.1" if _served_host in ("0.0.0.0", "::") else _served_host  # a wildcard bind: say where
SITE_URL_DEFAULT = f"http://{_served_host}:{env_int('PORT', 8000, minimum=1)}"
SITE_URL = env_url("SITE_URL", SITE_URL_DEFAULT, schemes=("http", "https"))

INSTALLED_APPS = [
    "daphne",
    "mockflow_site.apps.MockFlowAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "django_tasks_db",
    "accounts",
    "interviews",
    "feedback",
    "mockflow_site.apps.SiteConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "mockflow_site.urls"
ASGI_APPLICATION = "mockflow_site.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "mockflow_site.context_processors.site",
            ],
        },
    },
]

AUTH_USER_MODEL = "accounts.User"
# Ours first: it gives the database connection back before hashing the password. ModelBackend stays listed
# only so that sessions signed in through it keep working (ours refuses for good, so it never hashes again).
AUTHENTICATION_BACKENDS = ["accounts.backends.EmailBackend", "django.contrib.auth.backends.ModelBackend"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "accounts:login"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "/media/"  # never served publicly: documents are read through owner-checked views
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
WHITENOISE_USE_FINDERS = not PRODUCTION

# --- Database ---------------------------------------------------------------------------------------
# DATABASE_POOL_SIZE: PostgreSQL connections per process at most (web or task process); the sockets'
# database calls run on as many threads. Processes × pool size must stay under the server's max_connections.
DATABASE_POOL_SIZE = env_int("DATABASE_POOL_SIZE", 10, minimum=1)
DATABASES = {"default": database_config(env_str("DATABASE_URL"), var_dir=VAR_DIR, pool_size=DATABASE_POOL_SIZE)}

# --- Channels and cache -----------------------------------------------------------------------------
REDIS_URL = env_url("REDIS_URL", schemes=("redis", "rediss", "unix"))
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "capacity": 1500, "expiry": 30},
        }
    }
    # Degrades to local memory while Redis is down (login works; limits count per process meanwhile).
    CACHES = {"default": {"BACKEND": "mockflow_site.cache.FallbackRedisCache", "LOCATION": REDIS_URL,
                          "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # One web process in the embedded mode: its local memory holds login throttles and rate limits.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Tasks ------------------------------------------------------------------------------------------
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default", "feedback", "research"],
    }
}

# --- Mail -------------------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "MockFlow <no-reply@mockflow.local>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
SMTP_HOST = env_str("SMTP_HOST", "localhost" if PRODUCTION else None)
if SMTP_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": SMTP_HOST,
                "port": env_int("SMTP_PORT", 25, minimum=1),
                "username": env_str("SMTP_USER", ""),
                "password": env_str("SMTP_PASSWORD", ""),
                "use_tls": env_bool("SMTP_USE_TLS", False),
                "timeout": 20,
            },
        }
    }
else:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "OPTIONS": {"file_path": str(VAR_DIR / "mail")},
        }
    }

# --- Security ---------------------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Failed logins (site, admin and password change alike) lock one account after LOGIN_FAILURE_LIMIT
# and one client address, more loosely, after LOGIN_FAILURE_LIMIT_PER_CLIENT, for LOGIN_LOCKOUT_SECONDS.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
LOGIN_FAILURE_LIMIT_PER_CLIENT = env_int("LOGIN_FAILURE_LIMIT_PER_CLIENT", 50, minimum=1)
LOGIN_LOCKOUT_SECONDS = env_int("LOGIN_LOCKOUT_SECONDS", 900, minimum=1)
# Verification resends and password resets mailed to one address per hour.
MAIL_PER_ADDRESS_PER_HOUR = env_int("MAIL_PER_ADDRESS_PER_HOUR", 3, minimum=1)
# Reverse proxies whose X-Forwarded-For/-Proto the server believes (addresses or CIDR networks; `none`).
# From any other peer those headers are dropped inside daphne (mockflow_site/server.py).
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

LIVEKIT_URL = env_url("LIVEKIT_URL", schemes=("ws", "wss", "http", "https"))


def content_security_policy(livekit_url: str | None) -> dict[str, list[str]]:
    """The pages' CSP. With voice on, the page may reach LiveKit: its own origin over WebSocket and
    HTTP (a self-hosted `ws://127.0.0.1:7880` included), and any wss/https host (LiveKit Cloud regions)."""
    connect_src: list[str] = [CSP.SELF]
    if livekit_url:
        parts = urlsplit(livekit_url)
        secure = parts.scheme in ("wss", "https")
        origin = f"{parts.hostname}:{parts.port}" if parts.port else str(parts.hostname)
        connect_src += [f"{'wss' if secure else 'ws'}://{origin}", f"{'https' if secure else 'http'}://{origin}",
                        "wss:", "https:"]
    return {
        "default-src": [CSP.SELF],
        "script-src": [CSP.SELF],
        "style-src": [CSP.SELF],
        "img-src": [CSP.SELF, "data:"],
        "connect-src": connect_src,
        "media-src": [CSP.SELF, "blob:"],
        "font-src": [CSP.SELF],
        "object-src": [CSP.NONE],
        "base-uri": [CSP.SELF],
        "form-action": [CSP.SELF],
        "frame-ancestors": [CSP.NONE],
    }


SECURE_CSP = content_security_policy(LIVEKIT_URL)

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [f"https://{host}" for host in ALLOWED_HOSTS])
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# --- Integrations (each off until configured) --------------------------------------------------------
WORKER_API_TOKEN = env_str("WORKER_API_TOKEN")
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
OPENAI_BASE_URL = env_url("OPENAI_BASE_URL", schemes=("http", "https"))
OPENAI_MODEL = env_str("OPENAI_MODEL", "gpt-4o-mini")
TAVILY_API_KEY = env_str("TAVILY_API_KEY")
TAVILY_BASE_URL = env_url("TAVILY_BASE_URL", schemes=("http", "https"))
LIVEKIT_API_KEY = env_str("LIVEKIT_API_KEY")
LIVEKIT_API_SECRET = env_str("LIVEKIT_API_SECRET")
DEEPGRAM_API_KEY = env_str("DEEPGRAM_API_KEY")
# Speech-to-text for a spoken retake on the report's "Try this one again" page (the agent worker reads the same
# variables): an OpenAI-compatible server's /audio/transcriptions, the model's own server unless named.
SPEECH_BASE_URL = env_url("SPEECH_BASE_URL", schemes=("http", "https"))
SPEECH_API_KEY = env_str("SPEECH_API_KEY")
STT_MODEL = env_str("STT_MODEL", "gpt-4o-mini-transcribe")
SPOKEN_RETAKE_ENABLED = bool(SPEECH_API_KEY or OPENAI_API_KEY)
VOICE_ENABLED = bool(LIVEKIT_URL and LIVEKIT_API_KEY and LIVEKIT_API_SECRET)

# --- Product limits -----------------------------------------------------------------------------------
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 5 * 1024 * 1024, minimum=1024)
# Request bodies are capped inside daphne as they arrive (mockflow_site/server.py): the new-interview form
# carries up to two uploads (resume and job description) plus its fields; every other request far less.
UPLOAD_REQUEST_MAX_BYTES = 2 * UPLOAD_MAX_BYTES + 256 * 1024
REQUEST_MAX_BYTES = env_int("REQUEST_MAX_BYTES", 1024 * 1024, minimum=64 * 1024)
# Django's own limits, set to match: non-file form data (and a JSON body) within REQUEST_MAX_BYTES; an
# uploaded file over 1 MB is spooled to a temporary file rather than held in memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
RESUME_RETENTION_DAYS = env_int("RESUME_RETENTION_DAYS", 30, minimum=1)
# Recordings of spoken answers (kept only when the candidate asked at setup) are deleted after this many days.
AUDIO_RETENTION_DAYS = env_int("AUDIO_RETENTION_DAYS", 30, minimum=1)
RESEARCH_CACHE_HOURS = env_int("RESEARCH_CACHE_HOURS", 72, minimum=1)
INTERVIEWS_PER_DAY = env_int("INTERVIEWS_PER_DAY", 20, minimum=1)
UPLOADS_PER_HOUR = env_int("UPLOADS_PER_HOUR", 30, minimum=1)
# Parser child processes at once per web process: a burst of uploads waits in line for them (at most
# PARSE_QUEUE_WAIT_SECONDS, then the candidate is asked to send the form again), so 100 uploads at once
# never start 100 parsers.
PARSE_CHILDREN_PER_PROCESS = env_int("PARSE_CHILDREN_PER_PROCESS", 2, minimum=1)
PARSE_QUEUE_WAIT_SECONDS = env_int("PARSE_QUEUE_WAIT_SECONDS", 60, minimum=1)
RESEARCH_TIMEOUT_SECONDS = env_int("RESEARCH_TIMEOUT_SECONDS", 10, minimum=1)
# An interview nobody has driven (no socket, no worker events) for this long is marked abandoned.
ABANDON_AFTER_MINUTES = env_int("ABANDON_AFTER_MINUTES", 15, minimum=1)
# Text mode: how long a socket's hold on the interview it drives lasts without renewal (a dead
# process's interview is taken over by another tab after at most this long).
TEXT_DRIVER_LEASE_SECONDS = env_int("TEXT_DRIVER_LEASE_SECONDS", 30, minimum=3)
# Text mode: how long the driver retries (with backoff) a database that does not answer before it
# stops driving; the interview is paused meanwhile, never ended, and the page reconnects later.
TEXT_DRIVER_DB_RETRY_SECONDS = env_int("TEXT_DRIVER_DB_RETRY_SECONDS", 60, minimum=1)
# Report steps: a running step touches its report every REPORT_HEARTBEAT_SECONDS; one silent for
# REPORT_STEP_STALE_SECONDS lost its worker and is taken up again. The report email is retried after
# each of REPORT_EMAIL_RETRY_SECONDS (comma-separated; at least an hour in all) before it fails.
REPORT_HEARTBEAT_SECONDS = env_int("REPORT_HEARTBEAT_SECONDS", 10, minimum=1)
REPORT_STEP_STALE_SECONDS = env_int("REPORT_STEP_STALE_SECONDS", 60, minimum=2)
REPORT_EMAIL_RETRY_SECONDS = tuple(
    int(x) for x in env_list("REPORT_EMAIL_RETRY_SECONDS", ["60", "120", "300", "600", "900", "1800"]))
# Feedback: a second, sceptical LLM pass over weak scores (costs one more model call per report).
FEEDBACK_SCEPTIC_PASS = env_bool("FEEDBACK_SCEPTIC_PASS", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.channels.server": {"level": "WARNING"}},
}
