"""Preflight of one file as lines or JSON, and its exit code (0 all pass, 1 a rule fails)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.core.i18n import _, ngettext, number
from generator.preflight.rules import FAIL, Limits, Result, check
from generator.preflight.scan import scan_pdf


@dataclass(frozen=True)
class Report:
    path: str
    limits: Limits
    version: str
    pages: int
    results: tuple[Result, ...]

    @property
    def passed(self) -> bool:
        return all(result.status != FAIL for result in self.results)

    @property
    def exit_code(self) -> int:
        return 0 if self.passed else 1

    def lines(self) -> list[str]:
        """One line per rule (``PASS rule  message``), then its places, indented."""
        pages = ngettext("{n} page", "{n} pages", self.pages).format(n=number(self.pages))
        if self.limits.profile == "shop":
            head = _("{path}: PDF {version}, {pages}, profile {profile}, ink limit {limit} %")
        else:
            head = _("{path}: PDF {version}, {pages}, profile {profile}")
        head = head.format(
            path=self.path,
            version=self.version,
            pages=pages,
            profile=self.limits.profile,
            limit=number(self.limits.ink_limit),
        )
        lines = [head]
        width = max(len(result.rule) for result in self.results)
        for result in self.results:
            lines.append(f"{result.status.upper():4}  {result.rule:<{width}}  {result.message}")
            lines.extend(f"{'':6}{'':<{width}}  {where}" for where in result.where)
        failed = sum(result.status == FAIL for result in self.results)
        if failed:
            lines.append(ngettext("{n} rule fails", "{n} rules fail", failed).format(n=failed))
        else:
            lines.append(_("all rules pass"))
        return lines

    def to_json(self) -> str:
        return json.dumps(
            {
                "file": self.path,
                "profile": self.limits.profile,
                "ink_limit": self.limits.ink_limit,
                "pdf_version": self.version,
                "pages": self.pages,
                "passed": self.passed,
                "rules": [result.to_json() for result in self.results],
            },
            ensure_ascii=False,
            indent=2,
        )


def preflight(path: str | Path, limits: Limits) -> Report:
    scan = scan_pdf(path)
    return Report(str(path), limits, scan.version, len(scan.pages), tuple(check(scan, limits)))
