"""The one module that talks to the network.

Every online source (API Géo, GeoNames, Wikidata, Overpass, Etalab contours) goes through a
:class:`Http` object:

* one ``requests`` session with a descriptive User-Agent and (connect, read) timeouts;
* urllib3 :class:`~urllib3.util.Retry`: exponential back-off on connection errors, read
  time-outs and 429/500/502/503/504 answers, honouring ``Retry-After`` (capped, so a server
  cannot park us for an hour);
* a persistent requests-cache SQLite store in the user cache folder for API answers. An answer
  is stored only AFTER it has been read completely and validated (status 200, full body, JSON
  that parses, the caller's own check such as Overpass' ``remark``): a failed or truncated answer
  is never cached;
* large dumps (GeoNames zips) streamed to a temporary file, length-checked and renamed into
  place (:func:`generator.core.atomic.atomic_write`): nothing half-downloaded ever carries a final name;
* ``offline`` mode: the cache only, with a clear :class:`UserError` when it lacks the answer.

Every network failure becomes one :class:`UserError` line saying what failed and what to do.

Environment variables (for mirrors and tests):

===================  ================================================================
PNP_APIGEO_URL       API Géo base URL (default https://geo.api.gouv.fr)
PNP_GEONAMES_URL     GeoNames dump folder (default https://download.geonames.org/export/dump)
PNP_WIKIDATA_URL     Wikidata SPARQL endpoint (default https://query.wikidata.org/sparql)
PNP_OVERPASS_URL     Overpass interpreter (default https://overpass-api.de/api/interpreter)
PNP_CONTOURS_URL     Etalab contours-administratifs GeoJSON folder
PNP_CACHE_DIR        cache folder (default: the platform user cache folder for "pnp")
PNP_DATA_DIR         data folder for fetched place sets (default: the user data folder)
PNP_OFFLINE          "1" to behave as if --offline were given everywhere
PNP_USER_AGENT       replaces the User-Agent (add a contact address for heavy use)
===================  ================================================================
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from generator import __version__
from generator.core.atomic import atomic_write
from generator.core.errors import UserError

USER_AGENT = (
    f"pnp-generator/{__version__} (print-and-play cards and boards for French games; "
    f"python-requests/{requests.__version__})"
)


def user_agent() -> str:
    """The User-Agent; PNP_USER_AGENT replaces it (Wikidata asks for a contact address)."""
    return os.environ.get("PNP_USER_AGENT") or USER_AGENT


BASE_URLS: Mapping[str, tuple[str, str]] = {
    # service: (environment variable, default)
    "apigeo": ("PNP_APIGEO_URL", "https://geo.api.gouv.fr"),
    "geonames": ("PNP_GEONAMES_URL", "https://download.geonames.org/export/dump"),
    "wikidata": ("PNP_WIKIDATA_URL", "https://query.wikidata.org/sparql"),
    "overpass": ("PNP_OVERPASS_URL", "https://overpass-api.de/api/interpreter"),
    "contours": (
        "PNP_CONTOURS_URL",
        "https://etalab-datasets.geo.data.gouv.fr/contours-administratifs/latest/geojson",
    ),
}

RETRY_STATUSES = (429, 500, 502, 503, 504)
MAX_RETRY_AFTER_S = 120.0
CHUNK = 1 << 16


def base_url(service: str) -> str:
    """The base URL of ``service``, from its environment variable or the default."""
    from urllib.parse import urlsplit

    variable, default = BASE_URLS[service]
    url = (os.environ.get(variable) or default).rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UserError(
            f"{variable}={url!r} is not an http(s) address; set it to a mirror such as "
            f"{default}, or unset it to use that default"
        )
    return url


def cache_dir() -> Path:
    """Where API answers and downloaded dumps are cached (PNP_CACHE_DIR overrides)."""
    override = os.environ.get("PNP_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("pnp", appauthor=False))


def data_dir() -> Path:
    """Where fetched place sets are stored (PNP_DATA_DIR overrides)."""
    override = os.environ.get("PNP_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("pnp", appauthor=False))


def offline_default() -> bool:
    return os.environ.get("PNP_OFFLINE", "").strip().lower() in ("1", "true", "yes")


class _CappedRetry(Retry):
    """urllib3 Retry whose ``Retry-After`` wait is capped at :data:`MAX_RETRY_AFTER_S`."""

    def get_retry_after(self, response):  # type: ignore[no-untyped-def]
        seconds = super().get_retry_after(response)
        return None if seconds is None else min(seconds, MAX_RETRY_AFTER_S)


@dataclass(frozen=True)
class HttpConfig:
    """How patient and how cached the network access is."""

    connect_timeout: float = 10.0
    read_timeout: float = 120.0
    retries: int = 4  # extra attempts after the first
    backoff_factor: float = 1.0  # waits 0, 2, 4, 8… seconds (urllib3 rule), Retry-After wins
    backoff_max: float = 60.0
    cache_ttl: timedelta = timedelta(days=30)
    offline: bool = field(default_factory=offline_default)
    refresh: bool = False  # ignore cached answers (they are replaced on success)


class Http:
    """Network access for every source: cached JSON/text answers and streamed dumps."""

    def __init__(
        self,
        config: HttpConfig | None = None,
        cache_folder: Path | None = None,
        progress: Callable[[str, int, int | None], None] | None = None,
    ) -> None:
        """``progress(what, bytes_so_far, total_or_None)`` is called while a dump downloads."""
        self.config = config or HttpConfig()
        self.cache_folder = cache_folder or cache_dir()
        self.progress = progress
        self._session: requests.Session | None = None
        self._cache: Any = None

    # -- plumbing ---------------------------------------------------------------------------
    @property
    def session(self) -> requests.Session:
        if self._session is None:
            retry = _CappedRetry(
                total=self.config.retries,
                connect=self.config.retries,
                read=self.config.retries,
                status=self.config.retries,
                other=0,
                backoff_factor=self.config.backoff_factor,
                backoff_max=self.config.backoff_max,
                status_forcelist=RETRY_STATUSES,
                allowed_methods=frozenset({"GET", "POST", "HEAD"}),  # our POSTs are queries
                respect_retry_after_header=True,
                raise_on_status=False,  # the last bad answer is turned into a UserError below
            )
            session = requests.Session()
            session.headers["User-Agent"] = user_agent()
            adapter = HTTPAdapter(max_retries=retry)
            session.mount("http://", adapter)
            session.mount("https://", adapter)
            self._session = session
        return self._session

    @property
    def cache(self) -> Any:
        if self._cache is None:
            from requests_cache import SQLiteCache

            try:
                self.cache_folder.mkdir(parents=True, exist_ok=True)
                with self._cache_errors():
                    self._cache = SQLiteCache(str(self.cache_folder / "http-cache.sqlite"))
            except OSError as exc:
                raise UserError(
                    f"cannot use the cache folder {self.cache_folder}: {exc.strerror}; "
                    "set PNP_CACHE_DIR to a writable folder"
                ) from exc
        return self._cache

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
        if self._cache is not None:
            self._cache.close()

    def __enter__(self) -> Http:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- API answers --------------------------------------------------------------------------
    def get_json(
        self,
        url: str,
        params: Mapping[str, str] | None = None,
        *,
        what: str,
        method: str = "GET",
        data: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        check: Callable[[Any], None] | None = None,
        error_message: Callable[[requests.Response], str | None] | None = None,
    ) -> Any:
        """Fetch ``url`` and return its parsed JSON, from the cache when possible.

        ``what`` names the thing in error messages ("API Géo communes"). ``check`` may raise
        :class:`UserError` for an answer that is JSON but wrong (Overpass ``remark``); such an
        answer is not cached. ``error_message`` extracts the service's own explanation from a
        4xx/5xx body.
        """
        request = requests.Request(
            method,
            url,
            params=dict(params or {}),
            data=dict(data) if data else None,
            headers=dict(headers or {}),
        )
        prepared = self.session.prepare_request(request)
        key = self.cache.create_key(prepared)
        with self._cache_errors():
            cached = None if self.config.refresh else self.cache.get_response(key)
        if cached is not None and (self.config.offline or not cached.is_expired):
            return json.loads(cached.content)
        if self.config.offline:
            raise UserError(
                f"{what} is not in the cache and --offline forbids the network; "
                "run the same command once without --offline"
            )
        response = self._send(prepared, what=what, stream=False)
        self._raise_for_status(response, what, error_message)
        try:
            payload = json.loads(response.content)
        except ValueError as exc:
            raise UserError(
                f"{what}: the server sent an answer that is not valid JSON ({exc.msg} at byte "
                f"{exc.pos}); try again later or set {self._variable_for(url)} to a mirror"
            ) from exc
        if check is not None:
            check(payload)
        with self._cache_errors():
            self.cache.save_response(
                response, key, expires=datetime.now(UTC) + self.config.cache_ttl
            )
        return payload

    # -- dumps ----------------------------------------------------------------------------------
    def download(self, url: str, target: Path, *, what: str) -> Path:
        """Stream ``url`` into ``target`` (temporary file, length check, rename).

        An existing ``target`` is reused unless ``refresh`` is set; offline, a missing target is
        a :class:`UserError`.
        """
        if target.exists() and not self.config.refresh:
            return target
        if self.config.offline:
            raise UserError(
                f"{what} has not been downloaded yet and --offline forbids the network; "
                "run the same command once without --offline"
            )
        prepared = self.session.prepare_request(requests.Request("GET", url))
        response = self._send(prepared, what=what, stream=True)
        try:
            self._raise_for_status(response, what, None)
            expected = response.headers.get("Content-Length")
            received = 0
            with atomic_write(target, "wb") as handle:
                try:
                    for chunk in response.raw.stream(CHUNK, decode_content=True):
                        handle.write(chunk)
                        received += len(chunk)
                        if self.progress is not None:
                            self.progress(what, received, int(expected) if expected else None)
                except Exception as exc:  # urllib3 ProtocolError / ReadTimeoutError / OSError
                    raise UserError(
                        f"{what}: the download broke off after {received:,} bytes ({_reason(exc)}); "
                        "run the command again"
                    ) from exc
                if expected is not None and response.raw.tell() != int(expected):
                    raise UserError(
                        f"{what}: the download is truncated ({response.raw.tell():,} of "
                        f"{int(expected):,} bytes); run the command again"
                    )
        finally:
            response.close()
        return target

    # -- helpers --------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _cache_errors(self) -> Iterator[None]:
        """A damaged or locked cache database is a user-fixable problem, not a traceback."""
        import sqlite3

        try:
            yield
        except sqlite3.Error as exc:
            raise UserError(
                f"the HTTP cache {self.cache_folder / 'http-cache.sqlite'} is unusable ({exc}); "
                "delete it (it is only a cache) and run the command again"
            ) from exc

    def _send(
        self, prepared: requests.PreparedRequest, *, what: str, stream: bool
    ) -> requests.Response:
        """Send with urllib3 retries; also retry a body that breaks off (requests reads it)."""
        timeout = (self.config.connect_timeout, self.config.read_timeout)
        attempt = 0
        while True:
            try:
                return self.session.send(prepared, timeout=timeout, stream=stream)
            except (
                requests.exceptions.ChunkedEncodingError,
                requests.exceptions.ContentDecodingError,
            ) as exc:
                # The headers came but the body was cut short: urllib3 does not retry that.
                if attempt >= self.config.retries:
                    raise UserError(
                        f"{what}: the answer was cut short ({_reason(exc)}); nothing was saved, "
                        "run the command again later"
                    ) from exc
                time.sleep(min(self.config.backoff_max, self.config.backoff_factor * 2**attempt))
                attempt += 1
            except requests.exceptions.RequestException as exc:
                if not _is_timeout(exc):
                    raise self._unreachable(prepared, what, exc) from exc
                raise UserError(
                    f"{what}: the server did not answer in time after {self.config.retries + 1} "
                    f"attempts ({_reason(exc)}); try again later or use --offline with a cache"
                ) from exc

    def _unreachable(
        self,
        prepared: requests.PreparedRequest,
        what: str,
        exc: requests.exceptions.RequestException,
    ) -> UserError:
        if isinstance(exc, requests.exceptions.RetryError):
            return UserError(
                f"{what}: the server kept failing after {self.config.retries + 1} attempts "
                f"({_reason(exc)}); try again later"
            )
        return UserError(
            f"{what}: cannot reach {_host(prepared.url or '')} ({_reason(exc)}); "
            "check the network, or use --offline with a cache"
        )

    def _raise_for_status(
        self,
        response: requests.Response,
        what: str,
        error_message: Callable[[requests.Response], str | None] | None,
    ) -> None:
        if response.status_code == 200:
            return
        detail = None
        if error_message is not None:
            try:
                detail = error_message(response)
            except Exception:  # a malformed error body must not hide the status
                detail = None
        text = f": {_one_line(detail)}" if detail else ""
        if response.status_code == 404:
            advice = f"nothing at {response.url}; check {self._variable_for(response.url)}"
        elif response.status_code in RETRY_STATUSES:
            advice = (
                f"the server kept failing after {self.config.retries + 1} attempts; try again later"
            )
        elif 400 <= response.status_code < 500:
            advice = "the request was refused; check the --region and the source options"
        else:
            advice = "try again later"
        raise UserError(f"{what}: HTTP {response.status_code}{text}; {advice}")

    @staticmethod
    def _variable_for(url: str) -> str:
        for variable, default in BASE_URLS.values():
            prefix = (os.environ.get(variable) or default).rstrip("/")
            if url.startswith(prefix):
                return variable
        return "the service's PNP_*_URL variable"


def _host(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).netloc or url


def _is_timeout(exc: BaseException) -> bool:
    """True when a (possibly wrapped) requests/urllib3 exception is a time-out."""
    from urllib3.exceptions import NewConnectionError
    from urllib3.exceptions import TimeoutError as Urllib3Timeout

    seen: BaseException | None = exc
    for _ in range(6):
        if seen is None:
            return False
        if isinstance(seen, NewConnectionError):  # a subclass of ConnectTimeoutError, but refused
            return False
        if isinstance(seen, (requests.exceptions.Timeout, Urllib3Timeout, TimeoutError)):
            return True
        reason = getattr(seen, "reason", None)
        inner = seen.args[0] if seen.args and isinstance(seen.args[0], BaseException) else None
        seen = reason if isinstance(reason, BaseException) else inner
    return False


def _reason(exc: BaseException) -> str:
    """The innermost useful explanation of a requests/urllib3 exception, on one line."""
    seen = exc
    while True:
        inner = seen.args[0] if seen.args and isinstance(seen.args[0], BaseException) else None
        reason = getattr(seen, "reason", None)
        nxt = reason if isinstance(reason, BaseException) else inner
        if nxt is None or nxt is seen:
            break
        seen = nxt
    return _one_line(f"{type(seen).__name__}: {seen}")[:200]


def _one_line(text: str) -> str:
    return " ".join(str(text).split())
