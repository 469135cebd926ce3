"""Settings from environment variables with safe defaults (README.md lists every variable).

Without any variable set, Cardavia runs embedded: SQLite, the in-memory channel layer and Celery in
eager mode, all in one daphne process. Setting CARDAVIA_DATABASE_URL and CARDAVIA_REDIS_URL switches
to the services mode: PostgreSQL, Redis as channel layer and broker, separate Celery workers.
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlparse

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(f"CARDAVIA_{name}", default)


def envbool(name: str, default: bool) -> bool:
    return env(name, "1" if default else "0").lower() in {"1", "true", "yes", "on"}


def database_from_url(url: str) -> dict:
    """`postgres://user:password@host:port/name` → a Django DATABASES entry."""
    parts = urlparse(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ImproperlyConfigured(f"CARDAVIA_DATABASE_URL must be a postgres:// URL, not {parts.scheme}://")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        # A bounded pool per process (psycopg's, through Django): a web process serves many threads
        # (a request each, the websocket renders), but never holds more than DB_POOL connections.
        "CONN_MAX_AGE": 0,
        "OPTIONS": {"pool": {"min_size": 1, "max_size": DB_POOL, "timeout": 20}},
    }


DEBUG = envbool("DEBUG", False)
# The default only suits a local machine; every deployment sets its own (docker-compose.yml does).
SECRET_KEY = env("SECRET_KEY", "insecure-embedded-default-set-CARDAVIA_SECRET_KEY-in-production")
ALLOWED_HOSTS = env("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
CSRF_TRUSTED_ORIGINS = [origin for origin in env("CSRF_TRUSTED_ORIGINS").split(",") if origin]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "channels",
    "django_htmx",
    "csp",
    "template_partials",
    "cardavia",
    "rooms",
    "rules_content",
    "axes",
    "django_ratelimit",
    "accounts",  # after axes: its post_migrate gives the moderators' group axes' permissions too
]

MIDDLEWARE = [
    # The security headers go first, so that static files (served by WhiteNoise) and error pages get them too.
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "cardavia.headers.PermissionsPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.players.AccountPlayerMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "cardavia.urls"
ASGI_APPLICATION = "cardavia.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DB_POOL = int(env("DB_POOL", "8"))  # database connections (and the sockets' database threads) per process
DATABASE_URL = env("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "CONN_MAX_AGE": 600,  # each worker thread keeps its connection (opening one runs the PRAGMAs)
            # Waiting for the write lock beats failing when a computer turn and a person write at once:
            # write-ahead logging lets readers go on while one writer writes, a writing transaction
            # takes the lock at its start (IMMEDIATE), and a busy database is waited for up to 20 s.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file, not the in-memory default: concurrent tests then lock like production does.
            # One per process, so that two test runs on one machine do not share it.
            "TEST": {"NAME": str(Path(tempfile.gettempdir()) / f"cardavia-test-{os.getpid()}.sqlite3")},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    # Pub/sub: one Redis connection per process carries every group's hints (the list-based layer
    # blocks on Redis per consumer and dropped idle sockets after its 5 s read timeout).
    # Pub/sub channels are server-wide (they ignore the database number): the prefix keeps two sites on
    # one Redis server (staging beside production, parallel test runs) out of each other's rooms.
    CHANNEL_PREFIX = env("CHANNEL_PREFIX", "cardavia" + (urlparse(REDIS_URL).path.strip("/") or "0"))
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                    "CONFIG": {"hosts": [REDIS_URL], "prefix": CHANNEL_PREFIX}}
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# --- accounts (accounts/): e-mail, log-in limits, rate limits, leaderboards -------------------------
# One cache per process in the embedded default (it runs one process); Redis shared by all processes.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": "cardavia"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# django-ratelimit warns about any cache but memcached/django-redis; Django's RedisCache increments
# atomically too, and the embedded default's LocMemCache is enough for its single process.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
RATELIMIT_VIEW = "accounts.views.rate_limited"
RATE_LIMITS = {"open": env("RATE_ROOMS", "30/h"), "join": env("RATE_JOINS", "60/h"),
               "signup": env("RATE_SIGNUPS", "10/h")}
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(env("LOGIN_ATTEMPTS", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # guessing one account's password, not locking others out
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # keep failed attempts only, not every log-in's address
AXES_LOCKOUT_TEMPLATE = "accounts/locked.html"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:profile"
LOGOUT_REDIRECT_URL = "rules_content:home"
if env("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env("EMAIL_HOST")
    EMAIL_PORT = int(env("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = env("EMAIL_USER")
    EMAIL_HOST_PASSWORD = env("EMAIL_PASSWORD")
    EMAIL_USE_TLS = envbool("EMAIL_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env("EMAIL_FROM", "Cardavia <noreply@localhost>")
LEADERBOARD_MIN_DEALS = int(env("LEADERBOARD_MIN_DEALS", "10"))

# --- the live table (rooms/) ------------------------------------------------------------------------
# Seconds between a computer's moves (the others can follow them); 0 plays them at once.
COMPUTER_PACE = float(env("COMPUTER_PACE", "0.6"))
# Seconds a person whose page closed counts as away before a computer stands in for them.
AWAY_SECONDS = int(env("AWAY_SECONDS", "60"))

CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve static files straight from the apps too, so a run without `collectstatic` still has them.
WHITENOISE_USE_FINDERS = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# --- security: cookies, TLS, headers (README.md, "In production"; docs/decisions.md) ------------------
# No script reads a cookie: the CSRF token reaches htmx through the page (hx-headers), so both are HttpOnly.
SESSION_COOKIE_HTTPONLY = CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = envbool("SECURE_COOKIES", False)  # the player cookie follows them
# Behind a proxy that ends TLS, the proxy's X-Forwarded-Proto says whether the request came over HTTPS.
# Only set it behind such a proxy: one that passes a client's own header on would let it claim HTTPS.
if envbool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # container health checks ask over plain HTTP from inside
SECURE_HSTS_SECONDS = int(env("HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Scripts only from our own files (no inline script, no eval: htmx's allowEval is off in base.html), styles
# from our own files plus style attributes (the tables set a few CSS variables inline; an injected <style>
# element stays blocked), pictures from our own files and data: URIs (the paper grain), the websocket
# to our own host ('self' covers ws: and wss: of the page's host in CSP level 3 browsers).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Features no page uses are switched off for the page and anything it might embed.
PERMISSIONS_POLICY = ("accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), "
                      "payment=(), usb=()")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
}
