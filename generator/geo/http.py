"""The one module that talks to the network.

Every online source (API Géo, GeoNames, Wikidata, Overpass, Etalab contours) goes through a
:class:`Http` object:

* one ``requests`` session with a descriptive User-Agent and (connect, read) timeouts;
* urllib3 :class:`~urllib3.util.Retry`: exponential back-off on connection errors, read
  time-outs and 429/500/502/503/504 answers, honouring ``Retry-After``: capped at
  :data:`MAX_RETRY_AFTER_S` and announced ("waiting 120 s for HOST as it asked"); a garbage
  ``Retry-After`` is ignored (plain back-off);
* bounds: an overall deadline per answer (all attempts, waits and the body:
  ``PNP_HTTP_DEADLINE``, 180 s) and per dump (``PNP_DOWNLOAD_DEADLINE``, 30 min), and one for
  the whole session (one command); a maximum size per answer (``PNP_MAX_ANSWER_MB``, 256) and
  per dump (``PNP_MAX_DUMP_MB``, 1024); the body is read in the pieces the socket delivers, so
  a server trickling one byte every two seconds is stopped at the deadline
  (:func:`generator.core.deadline.time_limit`), and an endless body at the size limit;
* a persistent requests-cache SQLite store in the user cache folder for API answers. An answer
  is stored only AFTER it has been read completely and parsed by the source's schema
  (``parse``, :mod:`generator.geo.sources.schemas`): a failed, truncated or wrong-shaped
  answer is never cached, and a cached answer is parsed again when it is replayed. A cache
  locked by another program is waited for at most ``cache_lock_timeout`` seconds;
* large dumps (GeoNames zips) streamed to a temporary file, length-checked, checked in full by
  the caller (``check``: a valid zip, the expected member, rows that parse) and only then
  renamed into place (:func:`generator.core.atomic.atomic_write`): nothing half-downloaded or
  wrong ever carries a final name;
* ``offline`` mode: the cache only, with a clear :class:`UserError` when it lacks the answer;
* one :class:`Clock` for every wait it chooses (back-off, ``Retry-After``) and every deadline it
  computes: the system's, or a test's that records the waits instead of sleeping them.

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
PNP_HTTP_DEADLINE    seconds for one complete API answer, retries included (180)
PNP_DOWNLOAD_DEADLINE  seconds for one dump download (1800)
PNP_MAX_ANSWER_MB    largest API answer accepted, MiB (256)
PNP_MAX_DUMP_MB      largest dump accepted, MiB (1024)
===================  ================================================================
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol, TypeVar

import requests
from requests.adapters import HTTPAdapter
from urllib3.exceptions import InvalidHeader
from urllib3.util.retry import Retry

from generator import __version__
from generator.core.atomic import atomic_write
from generator.core.deadline import DeadlineExceeded, time_limit
from generator.core.errors import UserError
from generator.core.folders import cache_dir
from generator.core.folders import data_dir as data_dir  # re-exported: the old home of both
from generator.core.i18n import _, number

T = TypeVar("T")

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
MIB = 1 << 20


def _env_number(variable: str, default: float) -> float:
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1e9:
        raise UserError(
            _("{variable}={text!r} is not a positive number; set it to e.g. {default}").format(
                variable=variable, text=text, default=number(default)
            )
        )
    return value


def base_url(service: str) -> str:
    """The base URL of ``service``, from its environment variable or the default."""
    from urllib.parse import urlsplit

    variable, default = BASE_URLS[service]
    url = (os.environ.get(variable) or default).rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UserError(
            _(
                "{variable}={url!r} is not an http(s) address; set it to a mirror such as "
                "{default}, or unset it to use that default"
            ).format(variable=variable, url=url, default=default)
        )
    return url


class Clock(Protocol):
    """Where :class:`Http` reads the time and waits (``time.monotonic``, ``time.sleep``)."""

    def monotonic(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


@dataclass(frozen=True)
class SystemClock:
    """The clock of the machine."""

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


SYSTEM_CLOCK = SystemClock()


def offline_default() -> bool:
    return os.environ.get("PNP_OFFLINE", "").strip().lower() in ("1", "true", "yes")


class _CappedRetry(Retry):
    """urllib3 Retry whose ``Retry-After`` wait is capped at :data:`MAX_RETRY_AFTER_S` and
    announced through ``notice``; a ``Retry-After`` that is not a number or a date is ignored
    (the ordinary back-off applies) instead of failing the request. It waits on ``clock``."""

    notice: Callable[[float], None] | None = None  # told how long it waits, before it does
    clock: Clock = SYSTEM_CLOCK

    def new(self, **kwargs: Any) -> _CappedRetry:
        retry = super().new(**kwargs)
        retry.notice = self.notice
        retry.clock = self.clock
        return retry

    def parse_retry_after(self, retry_after: str) -> float:
        try:
            seconds = super().parse_retry_after(retry_after)
        except (InvalidHeader, ValueError, OverflowError):
            return 0.0  # garbage: no Retry-After wait, the back-off below applies
        return min(max(seconds, 0.0), MAX_RETRY_AFTER_S)

    def sleep(self, response: Any = None) -> None:
        """urllib3's own rule (the server's ``Retry-After`` if it gave one, else the back-off),
        waited on :attr:`clock`."""
        asked = (
            self.get_retry_after(response) if self.respect_retry_after_header and response else 0
        )
        if asked and self.notice is not None:
            self.notice(asked)
        seconds = asked or self.get_backoff_time()
        if seconds > 0:
            self.clock.sleep(seconds)


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
    deadline: float = field(default_factory=lambda: _env_number("PNP_HTTP_DEADLINE", 180.0))
    download_deadline: float = field(
        default_factory=lambda: _env_number("PNP_DOWNLOAD_DEADLINE", 1800.0)
    )
    session_deadline: float = 4 * 3600.0  # every request of one command together
    max_answer_bytes: int = field(
        default_factory=lambda: int(_env_number("PNP_MAX_ANSWER_MB", 256) * MIB)
    )
    max_dump_bytes: int = field(
        default_factory=lambda: int(_env_number("PNP_MAX_DUMP_MB", 1024) * MIB)
    )
    cache_lock_timeout: float = 30.0


class Http:
    """Network access for every source: cached JSON/text answers and streamed dumps."""

    def __init__(
        self,
        config: HttpConfig | None = None,
        cache_folder: Path | None = None,
        progress: Callable[[str, int, int | None], None] | None = None,
        notice: Callable[[str], None] | None = None,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        """``progress(what, bytes_so_far, total_or_None)`` is called while a dump downloads;
        ``notice(line)`` says what the client waits for (a server's Retry-After); ``clock``
        gives the time and the waits."""
        self.config = config or HttpConfig()
        self.cache_folder = cache_folder or cache_dir()
        self.progress = progress
        self.notice = notice
        self.clock = clock
        self._session: requests.Session | None = None
        self._cache: Any = None
        self._session_ends = clock.monotonic() + self.config.session_deadline
        self._host = "the server"  # of the request in flight, for the Retry-After notice

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
            retry.notice = self._announce_wait
            retry.clock = self.clock
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
            from requests_cache.backends.sqlite import SQLiteCache

            try:
                self.cache_folder.mkdir(parents=True, exist_ok=True)
                with self._cache_errors():
                    self._cache = SQLiteCache(
                        str(self.cache_folder / "http-cache.sqlite"),
                        timeout=self.config.cache_lock_timeout,
                        busy_timeout=int(self.config.cache_lock_timeout * 1000),
                    )
            except OSError as exc:
                raise UserError(
                    _(
                        "cannot use the cache folder {cache_folder}: {strerror}; set PNP_CACHE_DIR "
                        "to a "
                        "writable folder"
                    ).format(cache_folder=self.cache_folder, strerror=exc.strerror)
                ) from exc
        return self._cache

    def _announce_wait(self, seconds: float) -> None:
        if self.notice is not None:
            self.notice(
                _("waiting {seconds} s for {host} as it asked (Retry-After)").format(
                    seconds=number(round(seconds)), host=self._host
                )
            )

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
        parse: Callable[[bytes], T],
        method: str = "GET",
        data: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        error_message: Callable[[requests.Response], str | None] | None = None,
        max_bytes: int | None = None,
    ) -> T:
        """Fetch ``url`` and return ``parse(body)``, from the cache when possible.

        ``what`` names the thing in error messages ("API Géo communes"). ``parse`` turns the
        body into typed data or raises :class:`UserError` (an answer of the wrong shape, an
        Overpass ``remark``): only an answer it accepts is cached, and a cached answer goes
        through it again. ``error_message`` extracts the service's own explanation from a
        4xx/5xx body. ``max_bytes`` is the most such an answer can mean (a source's own bound,
        below ``PNP_MAX_ANSWER_MB``): a larger one is refused while it streams in.
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
            try:
                return parse(cached.content)
            except UserError:
                if self.config.offline:
                    raise UserError(
                        _(
                            "{what}: the cached answer is not usable any more and --offline "
                            "forbids the "
                            "network; run the same command once with --refresh"
                        ).format(what=what)
                    ) from None
        if self.config.offline:
            raise UserError(
                _(
                    "{what} is not in the cache and --offline forbids the network; run the same "
                    "command once without --offline"
                ).format(what=what)
            )
        response = self._answer(prepared, what, error_message, max_bytes)
        payload = parse(response.content)  # raises for a wrong shape: nothing cached
        with self._cache_errors():
            self.cache.save_response(
                response, key, expires=datetime.now(UTC) + self.config.cache_ttl
            )
        return payload

    def _answer(
        self,
        prepared: requests.PreparedRequest,
        what: str,
        error_message: Callable[[requests.Response], str | None] | None,
        max_bytes: int | None = None,
    ) -> requests.Response:
        """One complete 200 answer, its body read in full (within the deadline and the size
        limit: the configured one, or the source's ``max_bytes`` when smaller), with retries for
        a body cut short."""
        size_limit = self.config.max_answer_bytes
        variable: str | None = "PNP_MAX_ANSWER_MB"
        if max_bytes is not None and max_bytes < size_limit:
            size_limit, variable = max_bytes, None
        limit = self.config.deadline
        ends = min(self.clock.monotonic() + limit, self._session_ends)
        attempt = 0
        try:
            with time_limit(ends - self.clock.monotonic()):
                while True:
                    response = self._send(prepared, what=what, stream=True)
                    try:
                        body = self._read_body(response, what, size_limit, variable)
                    except _CutShort as exc:
                        response.close()
                        if attempt >= self.config.retries:
                            raise UserError(
                                _(
                                    "{what}: the answer was cut short ({exc}); nothing was saved, "
                                    "run the command "
                                    "again later"
                                ).format(what=what, exc=exc)
                            ) from None
                        self.clock.sleep(
                            min(self.config.backoff_max, self.config.backoff_factor * 2**attempt)
                        )
                        attempt += 1
                        continue
                    response._content = body
                    # requests' own "body read" flag, absent from its stubs
                    response._content_consumed = True  # type: ignore[attr-defined]
                    self._raise_for_status(response, what, error_message)
                    return response
        except DeadlineExceeded:
            raise UserError(
                _(
                    "{what}: no complete answer from {host} within {limit} s (the server answers "
                    "too slowly or not at all); nothing was saved: try again later, or set "
                    "PNP_HTTP_DEADLINE to wait longer"
                ).format(what=what, host=_host(prepared.url or ""), limit=number(limit))
            ) from None

    def _read_body(
        self, response: requests.Response, what: str, max_bytes: int, variable: str | None
    ) -> bytes:
        """The whole body, in the pieces the socket delivers; at most ``max_bytes`` (the limit
        ``variable`` sets, or a source's own when it is None)."""
        declared = response.headers.get("Content-Length")
        if declared is not None and declared.isdigit() and int(declared) > max_bytes:
            response.close()
            raise _too_large(what, max_bytes, variable)
        chunks: list[bytes] = []
        size = 0
        try:
            while chunk := response.raw.read1(CHUNK, decode_content=True):
                size += len(chunk)
                if size > max_bytes:
                    response.close()
                    raise _too_large(what, max_bytes, variable)
                chunks.append(chunk)
        except UserError:
            raise
        except Exception as exc:  # urllib3 ProtocolError / ReadTimeoutError / DecodeError / OSError
            raise _CutShort(_reason(exc)) from exc
        if declared is not None and declared.isdigit() and response.raw.tell() < int(declared):
            raise _CutShort(f"{response.raw.tell():,} of {int(declared):,} bytes")
        return b"".join(chunks)

    # -- dumps ----------------------------------------------------------------------------------
    def download(
        self,
        url: str,
        target: Path,
        *,
        what: str,
        check: Callable[[Path], None] | None = None,
    ) -> Path:
        """Stream ``url`` into ``target`` (temporary file, size and length checks, ``check`` of the
        complete temporary file, rename).

        An existing ``target`` is reused unless ``refresh`` is set; offline, a missing target is
        a :class:`UserError`. ``check(path)`` raises :class:`UserError` for a file that is not
        what was asked for (an HTML page, a damaged zip): it is then not kept.
        """
        if target.exists() and not self.config.refresh:
            return target
        if self.config.offline:
            raise UserError(
                _(
                    "{what} has not been downloaded yet and --offline forbids the network; run the "
                    "same command once without --offline"
                ).format(what=what)
            )
        limit = self.config.download_deadline
        ends = min(self.clock.monotonic() + limit, self._session_ends)
        try:
            with time_limit(ends - self.clock.monotonic()):
                self._download(url, target, what, check)
        except DeadlineExceeded:
            raise UserError(
                _(
                    "{what}: the download did not finish within {limit} s; nothing was kept: try "
                    "again later, or set PNP_DOWNLOAD_DEADLINE to wait longer"
                ).format(what=what, limit=number(limit))
            ) from None
        return target

    def _download(
        self, url: str, target: Path, what: str, check: Callable[[Path], None] | None
    ) -> None:
        prepared = self.session.prepare_request(requests.Request("GET", url))
        response = self._send(prepared, what=what, stream=True)
        limit = self.config.max_dump_bytes
        try:
            self._raise_for_status(response, what, None)
            expected = response.headers.get("Content-Length")
            total = int(expected) if expected and expected.isdigit() else None
            if total is not None and total > limit:
                raise _too_large(what, limit, "PNP_MAX_DUMP_MB")
            received = 0
            with atomic_write(target, "wb", check=check) as handle:
                try:
                    while chunk := response.raw.read1(CHUNK, decode_content=True):
                        received += len(chunk)
                        if received > limit:
                            raise _too_large(what, limit, "PNP_MAX_DUMP_MB")
                        handle.write(chunk)
                        if self.progress is not None:
                            self.progress(what, received, total)
                except UserError:
                    raise
                except Exception as exc:  # urllib3 ProtocolError / ReadTimeoutError / OSError
                    raise UserError(
                        _(
                            "{what}: the download broke off after {received} bytes ({reason}); "
                            "run the command again"
                        ).format(what=what, received=number(received), reason=_reason(exc))
                    ) from exc
                if total is not None and response.raw.tell() != total:
                    raise UserError(
                        _(
                            "{what}: the download is truncated ({tell} of {total} bytes); run "
                            "the command again"
                        ).format(what=what, tell=number(response.raw.tell()), total=number(total))
                    )
        finally:
            response.close()

    # -- helpers --------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _cache_errors(self) -> Iterator[None]:
        """A damaged or locked cache database is a user-fixable problem, not a traceback; a lock
        held by another program is waited for at most ``cache_lock_timeout`` seconds
        (requests-cache itself would retry for ever)."""
        import sqlite3

        database = self.cache_folder / "http-cache.sqlite"
        timeout = self.config.cache_lock_timeout
        try:
            with time_limit(timeout):
                yield
        except DeadlineExceeded:
            raise UserError(
                _(
                    "the HTTP cache {database} stayed locked by another program for {timeout} s; "
                    "wait for the other pnp command to finish (or delete the file, it is only a "
                    "cache) and run this one again"
                ).format(database=database, timeout=number(timeout))
            ) from None
        except sqlite3.Error as exc:
            if "locked" in str(exc):
                raise UserError(
                    _(
                        "the HTTP cache {database} is locked by another program ({exc}); wait for "
                        "it to "
                        "finish and run this command again"
                    ).format(database=database, exc=exc)
                ) from exc
            raise UserError(
                _(
                    "the HTTP cache {database} is unusable ({exc}); delete it (it is only a cache) "
                    "and run the command again"
                ).format(database=database, exc=exc)
            ) from exc

    def _send(
        self, prepared: requests.PreparedRequest, *, what: str, stream: bool
    ) -> requests.Response:
        """Send with urllib3 retries; also retry a body that breaks off (requests reads it)."""
        timeout = (self.config.connect_timeout, self.config.read_timeout)
        self._host = _host(prepared.url or "") or "the server"
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
                        _(
                            "{what}: the answer was cut short ({reason}); nothing was saved, run "
                            "the command "
                            "again later"
                        ).format(what=what, reason=_reason(exc))
                    ) from exc
                self.clock.sleep(
                    min(self.config.backoff_max, self.config.backoff_factor * 2**attempt)
                )
                attempt += 1
            except requests.exceptions.RequestException as exc:
                if not _is_timeout(exc):
                    raise self._unreachable(prepared, what, exc) from exc
                raise UserError(
                    _(
                        "{what}: the server did not answer in time after {value} attempts "
                        "({reason}); try "
                        "again later or use --offline with a cache"
                    ).format(what=what, value=self.config.retries + 1, reason=_reason(exc))
                ) from exc

    def _unreachable(
        self,
        prepared: requests.PreparedRequest,
        what: str,
        exc: requests.exceptions.RequestException,
    ) -> UserError:
        if isinstance(exc, requests.exceptions.RetryError):
            return UserError(
                _(
                    "{what}: the server kept failing after {value} attempts ({reason}); try again "
                    "later"
                ).format(what=what, value=self.config.retries + 1, reason=_reason(exc))
            )
        return UserError(
            _(
                "{what}: cannot reach {host} ({reason}); check the network, or use --offline with "
                "a cache"
            ).format(what=what, host=_host(prepared.url or ""), reason=_reason(exc))
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
            advice = _("nothing at {url}; check {variable}").format(
                url=response.url, variable=self._variable_for(response.url)
            )
        elif response.status_code in RETRY_STATUSES:
            advice = _("the server kept failing after {attempts} attempts; try again later").format(
                attempts=self.config.retries + 1
            )
        elif 400 <= response.status_code < 500:
            advice = _("the request was refused; check the --region and the source options")
        else:
            advice = _("try again later")
        raise UserError(
            _("{what}: HTTP {status_code}{text}; {advice}").format(
                what=what, status_code=response.status_code, text=text, advice=advice
            )
        )

    @staticmethod
    def _variable_for(url: str) -> str:
        for variable, default in BASE_URLS.values():
            prefix = (os.environ.get(variable) or default).rstrip("/")
            if url.startswith(prefix):
                return variable
        return _("the service's PNP_*_URL variable")


class _CutShort(Exception):
    """The body of an answer broke off before its end (retried)."""


def _too_large(what: str, limit: int, variable: str | None) -> UserError:
    if variable is None:  # a source's own bound: no setting lifts it
        return UserError(
            _(
                "{what}: the answer is larger than {limit} MiB, more than such an answer can "
                "hold; nothing was saved: check the source's address"
            ).format(what=what, limit=number(limit / MIB))
        )
    return UserError(
        _(
            "{what}: the answer is larger than {limit} MiB, the limit; nothing was saved: "
            "check the source's address, or set {variable} higher"
        ).format(what=what, limit=number(limit / MIB), variable=variable)
    )


def _host(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).netloc or url


def _is_timeout(exc: BaseException) -> bool:
    """True when a (possibly wrapped) requests/urllib3 exception is a time-out."""
    from urllib3.exceptions import NewConnectionError
    from urllib3.exceptions import TimeoutError as Urllib3Timeout

    seen: BaseException | None = exc
    for _attempt in range(6):
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
