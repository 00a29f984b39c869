"""Jinja2 templates run in a sandbox with limits of time, output size and work.

Every template pnp renders (card texts, which a user may replace with ``--templates DIR``; the
Oie rules panel; the kit gallery) goes through :func:`sandboxed_environment` and
:func:`render_limited`:

* Jinja2's :class:`~jinja2.sandbox.SandboxedEnvironment` (no attribute of ``__class__``, no
  unsafe callables, ``range`` of at most 100,000);
* **time**: the whole render stops after :data:`TIME_LIMIT_S` seconds
  (:func:`generator.core.deadline.time_limit`): nested loops cannot run for ever;
* **output**: at most ``max_output`` characters (:data:`MAX_OUTPUT` by default); ``'x' * N``,
  ``str.center(N)``, ``"%0Nd" % 1``, ``lipsum(N)`` and filters with a width are refused
  *before* they build a string larger than that, and ``a ** b`` before it builds a huge number;
* **depth**: a template that includes itself, or a macro that calls itself without end, is one
  line naming the template (Python's recursion limit is the bound), and so is one whose blocks
  nest deeper than Python compiles;
* **size**: only regular files of at most :data:`MAX_TEMPLATE_BYTES` are read as templates, and
  a template holds at most :data:`MAX_TOKENS` tokens of Jinja code (:class:`TokenBudget`,
  counted by Jinja's own lexer before anything is parsed): compiling costs about 25 µs a token,
  so a 1 MiB template of ``{{ x }}`` would take half a minute to be compiled, and is refused in
  a few milliseconds instead; text outside the tags costs nothing and is not counted.

Templates are compiled once per machine: an environment speaks one language, so its
``{% trans %}`` blocks and ``_("…")`` calls are translated when the template is compiled
(:meth:`LimitedSandbox._parse`: the same ``Markup(translation) % variables`` gettext would make
at each render), and the compiled code is kept in pnp's cache folder (Jinja's file bytecode cache,
keyed by pnp's version, the language, the catalog's stamp and the environment's options: a
template is compiled again when its source, the catalog or pnp changes).

Each refusal is a :class:`~generator.core.errors.UserError` naming the template and the limit.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from string import Formatter
from typing import TYPE_CHECKING, Any

from jinja2 import BaseLoader, FileSystemLoader, TemplateNotFound, TemplateSyntaxError
from jinja2.exceptions import SecurityError
from jinja2.ext import Extension
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

if TYPE_CHECKING:
    from jinja2 import Environment
    from jinja2.runtime import Context

from generator.core.deadline import DeadlineExceeded, time_limit
from generator.core.errors import UserError
from generator.core.i18n import MATERIAL_DEFAULT, P_, PN_, Language, _
from generator.core.i18n import number as numeral

TIME_LIMIT_S = 5.0
MAX_OUTPUT = 1 << 20  # characters: a card text is about 1,000
MAX_TEMPLATE_BYTES = 1 << 20
MAX_TOKENS = 10_000  # of Jinja code: a card template has a few hundred, the kit gallery 1,500
MAX_POWER_BITS = 4096

# A %-conversion's width and precision, and one taking them from its arguments (%*d, %.*f);
# every pattern here reads its text in one linear pass.
_PERCENT_SIZES = re.compile(r"%[-+ #0]*([0-9]*)(?:\.([0-9]*))?")
_PERCENT_STAR = re.compile(r"%[-+ #0]*(?:\*|[0-9]*\.\*)")
_DIGITS = re.compile(r"[0-9]+")
_SIZED_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "format"})


class LimitExceeded(SecurityError):
    """A template asked for more than its limits allow."""


class TokenBudget(Extension):
    """Refuses, before it is parsed, a template of more than :data:`MAX_TOKENS` tokens of code
    (Jinja's lexer counts them, and stops counting at the limit: a few milliseconds)."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        try:
            code = (t for t in self.environment.lex(source, name, filename) if t[1] != "whitespace")
            count = sum(1 for _token in islice(code, MAX_TOKENS + 1))
        except TemplateSyntaxError:
            return source  # the parser says what is wrong, with its line
        if count > MAX_TOKENS:
            raise LimitExceeded(
                _(
                    "it holds more than {limit} tokens of template code (a card text needs a few "
                    "hundred)"
                ).format(limit=numeral(MAX_TOKENS))
            )
        return source


class RegularFileLoader(FileSystemLoader):
    """A FileSystemLoader that reads only regular files of bounded size (never a FIFO)."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        for folder in self.searchpath:
            path = os.path.join(folder, *template.split("/"))
            try:
                st = os.stat(path)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                raise UserError(
                    _("template {path} is not a regular file; give a text file").format(path=path)
                )
            if st.st_size > MAX_TEMPLATE_BYTES:
                raise UserError(
                    _(
                        "template {path} is larger than {value} MiB; a template is a page of text"
                    ).format(path=path, value=MAX_TEMPLATE_BYTES >> 20)
                )
            break
        return super().get_source(environment, template)


class LimitedSandbox(SandboxedEnvironment):
    """The sandbox, plus size checks on the operations that build big strings or numbers."""

    intercepted_binops = frozenset({"*", "**", "%"})
    max_output = MAX_OUTPUT
    language: Language | None = None  # the one language its gettext speaks (see _parse)

    def _parse(self, source: str, name: str | None, filename: str | None) -> Any:
        """The template's syntax tree, its gettext calls with constant text translated now."""
        tree = super()._parse(source, name, filename)
        if self.language is not None:
            _translate_constants(tree, self.language)
        return tree

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for sequence, count in ((left, right), (right, left)):
                if not (isinstance(sequence, str | list | tuple) and isinstance(count, int)):
                    continue
                size = len(sequence) * count
                if size > self.max_output:
                    raise LimitExceeded(
                        _(
                            "'*' would make {size} items, more than the output limit of "
                            "{max_output}"
                        ).format(size=numeral(size), max_output=numeral(self.max_output))
                    )
        elif operator == "**" and isinstance(left, int) and isinstance(right, int):
            if abs(left) > 1 and right * abs(left).bit_length() > MAX_POWER_BITS:
                raise LimitExceeded(
                    _("'**' would make a number of more than {MAX_POWER_BITS} bits").format(
                        MAX_POWER_BITS=MAX_POWER_BITS
                    )
                )
        elif operator == "%" and isinstance(left, str):
            given = right if isinstance(right, tuple) else (right,)
            self._check_format(left, _values(*given))
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        name = getattr(__obj, "__name__", "")
        if isinstance(getattr(__obj, "__self__", None), str) and name in _SIZED_METHODS:
            numbers = [value for value in (*args, *kwargs.values()) if isinstance(value, int)]
            if any(number > __self.max_output for number in numbers):
                raise LimitExceeded(
                    _("str.{name} asked for more than {max_output}").format(
                        name=name, max_output=numeral(__self.max_output)
                    )
                )
            if name == "format":
                __self._check_format(__obj.__self__, _values(*args, **kwargs))
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Any:
        """``'{:>N}'.format(...)``: Jinja's sandbox hands out its own wrapper; check N first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = getattr(value, "__self__", "")

        def checked(*args: Any, **kwargs: Any) -> Any:
            self._check_format(text, _values(*args, **kwargs))
            return wrapped(*args, **kwargs)

        return checked

    def _check_format(self, text: str, arguments: Iterable[Any]) -> None:
        """No width or precision beyond the output limit, whether the format ``text`` writes it
        (``%N``, ``{:N}``) or takes it from the ``arguments`` (``%*d``, ``{:{w}}``)."""
        limit = self.max_output
        written, from_arguments = _format_sizes(text)
        for digits in written:
            if len(digits) > len(str(limit)) or int(digits) > limit:
                raise _too_wide(digits if len(digits) <= 20 else f"{digits[:12]}…")
        for value in arguments if from_arguments else ():
            if isinstance(value, int) and value > limit:
                raise _too_wide(numeral(value))


def _too_wide(width: str) -> LimitExceeded:
    return LimitExceeded(
        _("a format width of {width} is beyond the output limit").format(width=width)
    )


def _values(*args: Any, **kwargs: Any) -> list[Any]:
    """The values a format call receives (a mapping's too: ``format_map``, ``'%(w)d' % d``)."""
    values = [*args, *kwargs.values()]
    for value in list(values):
        if isinstance(value, Mapping):
            values.extend(value.values())
    return values


def _format_sizes(text: str) -> tuple[list[str], bool]:
    """The digits of every width and precision the format ``text`` writes (as a ``%`` template
    or a ``str.format`` one), and whether it takes one from its arguments."""
    sizes = [digits for match in _PERCENT_SIZES.finditer(text) for digits in match.groups("")]
    from_arguments = _PERCENT_STAR.search(text) is not None
    try:
        fields = list(Formatter().parse(text))
    except ValueError:
        fields = []  # not a format string: str.format says so itself
    for _literal, _field, spec, _conversion in fields:
        if spec:
            sizes += _DIGITS.findall(spec)
            from_arguments = from_arguments or "{" in spec
    return [digits for digits in sizes if digits], from_arguments


_GETTEXT_NAMES = frozenset({"gettext", "_"})
# What _translate_constants makes of a template; part of the bytecode cache's key, so that a
# change to it (between releases, too) compiles every template again.
COMPILED_FORM = "translated-constants-3"  # 3: French spacing in P_


def _translate_constants(tree: Any, language: Language) -> None:
    """Replace each ``gettext("…", **variables)`` call (a ``{% trans %}`` block, or ``_("…")``)
    of ``tree`` by what it returns: ``Markup(translation) % variables`` (newstyle gettext
    formats even without variables). Left alone: plural forms (they depend on the count), and
    every call in a template that binds a gettext name itself."""
    from jinja2 import nodes

    if any(
        node.name in _GETTEXT_NAMES and node.ctx in ("store", "param")
        for node in tree.find_all(nodes.Name)
    ):
        return

    def constant(node: Any) -> Any:
        if not (
            isinstance(node, nodes.Call)
            and isinstance(node.node, nodes.Name)
            and node.node.name in _GETTEXT_NAMES
            and len(node.args) == 1
            and isinstance(node.args[0], nodes.Const)
            and isinstance(node.args[0].value, str)
            and node.dyn_args is None
            and node.dyn_kwargs is None
        ):
            return None
        translation = P_(language, node.args[0].value)
        if not node.kwargs:
            try:  # no variables: the whole call is a constant
                return nodes.MarkSafe(nodes.Const(str(Markup(translation) % {})))
            except (TypeError, ValueError, KeyError):
                pass  # a stray % sign: let the render raise what gettext would
        text = nodes.MarkSafe(nodes.Const(translation))
        pairs = [nodes.Pair(nodes.Const(keyword.key), keyword.value) for keyword in node.kwargs]
        return nodes.Mod(text, nodes.Dict(pairs), lineno=node.lineno)

    def rewrite(node: Any) -> None:
        for field in node.fields:
            value = getattr(node, field, None)
            if isinstance(value, nodes.Node):
                replacement = constant(value)
                if replacement is not None:
                    setattr(node, field, replacement)
                    value = replacement
                rewrite(value)
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, nodes.Node):
                        replacement = constant(item)
                        if replacement is not None:
                            value[index] = item = replacement
                        rewrite(item)

    rewrite(tree)


def _bytecode_cache(salt: str) -> Any:
    """Jinja's file bytecode cache in pnp's cache folder, its keys salted with ``salt``; None
    when the folder cannot be made (templates are then compiled at every run)."""
    from hashlib import sha1

    from jinja2 import FileSystemBytecodeCache

    from generator.core.folders import cache_dir

    class SaltedCache(FileSystemBytecodeCache):
        def get_cache_key(self, name: str, filename: str | None = None) -> str:
            return sha1(f"{salt}|{name}|{filename}".encode()).hexdigest()

    folder = cache_dir() / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    return SaltedCache(str(folder), "%s.jinja")


def _bounded(
    function: Callable[..., Any], limit: int, what: str, skip: int = 1
) -> Callable[..., Any]:
    """A filter (``skip=1``: its first argument is the value) or global (``skip=0``) whose
    numeric arguments may not exceed ``limit``."""

    def bounded(*args: Any, **kwargs: Any) -> Any:
        numbers = [value for value in (*args[skip:], *kwargs.values()) if isinstance(value, int)]
        if any(abs(number) > limit for number in numbers):
            raise LimitExceeded(
                _("{what} asked for more than {limit}").format(what=what, limit=numeral(limit))
            )
        return function(*args, **kwargs)

    bounded.__name__ = getattr(function, "__name__", what)
    for attribute in ("jinja_pass_arg",):
        if hasattr(function, attribute):
            setattr(bounded, attribute, getattr(function, attribute))
    return bounded


def sandboxed_environment(
    loader: BaseLoader,
    *,
    autoescape: bool,
    finalize: Callable[[Any], Any] | None = None,
    trim_blocks: bool = False,
    lstrip_blocks: bool = False,
    max_output: int = MAX_OUTPUT,
    language: Language = MATERIAL_DEFAULT,
) -> LimitedSandbox:
    """The environment every pnp template runs in (StrictUndefined: a typo is an error).

    Templates speak ``language`` through Jinja2's i18n extension: ``{% trans %}…{% endtrans %}``
    (whitespace trimmed), ``_("…")`` and ``ngettext(…)`` look the French text up in the printed
    material's catalog (:func:`generator.core.i18n.P_`)."""
    from jinja2 import StrictUndefined

    from generator import __version__
    from generator.core.i18n import MATERIAL_DOMAIN, catalog_stamp

    options = (autoescape, getattr(finalize, "__qualname__", None), trim_blocks, lstrip_blocks)
    salt = f"pnp {__version__}|{COMPILED_FORM}|{catalog_stamp(MATERIAL_DOMAIN, language)}|{options}"
    environment = LimitedSandbox(
        loader=loader,
        autoescape=autoescape,
        finalize=finalize,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=trim_blocks,
        lstrip_blocks=lstrip_blocks,
        # the token budget runs when a template is compiled; one read from the bytecode cache
        # passed it when it was compiled (Jinja checks the cached code against the source)
        extensions=["jinja2.ext.i18n", TokenBudget],
        bytecode_cache=_bytecode_cache(salt),
    )
    environment.language = language
    environment.policies["ext.i18n.trimmed"] = True  # as scripts/i18n.py extracts them
    # Our translations are markup we wrote (Markup: not escaped again by ``finalize``); the
    # values a ``{% trans %}`` block interpolates are escaped by Markup's ``%``.
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda message: Markup(P_(language, message)),
        ngettext=lambda singular, plural, n: Markup(PN_(language, singular, plural, n)),
        newstyle=True,
    )
    environment.globals["language"] = language
    environment.max_output = max_output
    for name in ("center", "indent", "wordwrap", "truncate", "format"):
        environment.filters[name] = _bounded(environment.filters[name], max_output, name)
    environment.globals["lipsum"] = _bounded(generate_lorem_ipsum, 100, "lipsum", 0)
    return environment


def render_limited(
    environment: LimitedSandbox,
    name: str,
    context: Mapping[str, Any],
    where: str,
    time_limit_s: float | None = None,
) -> str:
    """Render template ``name`` within the limits; ``where`` says where to fix it (a folder)."""
    from jinja2 import TemplateError

    limit = environment.max_output
    time_limit_s = TIME_LIMIT_S if time_limit_s is None else time_limit_s
    try:
        template = environment.get_template(name)
        pieces: list[str] = []
        size = 0
        with time_limit(time_limit_s):
            for piece in template.generate(dict(context)):
                size += len(piece)
                if size > limit:
                    raise LimitExceeded(
                        _("its output is larger than {limit} characters").format(
                            limit=numeral(limit)
                        )
                    )
                pieces.append(piece)
        return "".join(pieces)
    except DeadlineExceeded:
        raise UserError(
            _(
                "template {name} ran for more than {limit} s, the time limit; simplify "
                "its loops ({where})"
            ).format(name=name, limit=numeral(time_limit_s), where=where)
        ) from None
    except (RecursionError, SyntaxError):  # SyntaxError: Python's own nesting limits
        raise UserError(
            _(
                "template {name} nests too deeply (it includes itself or a macro calls itself "
                "without end); fix it ({where})"
            ).format(name=name, where=where)
        ) from None
    except TemplateNotFound as exc:
        raise UserError(
            _("template {value} not found; restore it in {where}").format(
                value=exc.name or name, where=where
            )
        ) from None
    except UnicodeDecodeError:
        raise UserError(
            _("template {name} is not UTF-8 text; save it as UTF-8").format(name=name)
        ) from None
    except LimitExceeded as exc:
        raise UserError(
            _("template {name} went over a limit: {exc}; edit the template").format(
                name=name, exc=exc
            )
        ) from None
    except SecurityError as exc:
        raise UserError(
            _("template {name} tried something unsafe ({exc}); edit the template").format(
                name=name, exc=exc
            )
        ) from None
    except TemplateSyntaxError as exc:
        message = " ".join(str(exc.message).split())
        raise UserError(
            _("template {name} line {lineno}: {message}; fix the template").format(
                name=name, lineno=exc.lineno, message=message
            )
        ) from None
    except TemplateError as exc:
        lineno = getattr(exc, "lineno", None)
        where_line = f" line {lineno}" if lineno else ""
        message = " ".join(str(exc.message).split())
        raise UserError(
            _("template {name}{where_line}: {message}; fix the template").format(
                name=name, where_line=where_line, message=message
            )
        ) from None
    except (OverflowError, MemoryError, ValueError, TypeError, ZeroDivisionError) as exc:
        message = " ".join(str(exc).split())[:160]
        raise UserError(
            _("template {name} failed ({error}: {message}); edit the template").format(
                name=name, error=type(exc).__name__, message=message
            )
        ) from None
