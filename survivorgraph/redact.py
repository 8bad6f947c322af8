"""Redaction: a URI, DSN or any message shown to the user never carries a password, key or token.

`redact(text, secrets)` is the one helper: it masks the userinfo of every URI in `text`
(bolt://***@host), the values of secret-looking query parameters (?api_key=***), libpq's
`password=...`, and every known secret value: those passed in `secrets` and those the settings
registered when they were read (`register_secrets`).
`install_log_redaction()` applies it to every log record, whichever library logged it.
"""

from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Iterable
from typing import Any

MASK = "***"
# Shorter values would mask ordinary words in a message; such a secret is no protection anyway.
MIN_SECRET_LENGTH = 4

_USERINFO = re.compile(r"(?P<scheme>\b[A-Za-z][A-Za-z0-9+.\-]*://)[^\s/?#'\"<>]*@")
# Where a settings URI keeps a user and password, also in a malformed one ('postgresql//u:pw@host').
_LENIENT_USERINFO = re.compile(r"(?:^|//)(?P<userinfo>[^/?#\s]*)@")
_SECRET_WORDS = r"key|pass|pwd|secret|token|auth|credential|signature|sig"
_SECRET_PARAM = re.compile(rf"(?P<lead>[?&;](?:[^=&\s'\"<>]*?)(?:{_SECRET_WORDS})[^=&\s'\"<>]*=)[^&\s'\"<>#)]*",
                           re.IGNORECASE)
_CONNINFO_PASSWORD = re.compile(  # libpq key=value DSNs: password=x, password='x y'
    r"(?P<lead>\b(?:password|passwd|sslpassword)[ \t]*=[ \t]*)(?:'(?:[^'\\]|\\.)*'|[^\s'\"]+)", re.IGNORECASE)


_known_secrets: set[str] = set()


def register_secrets(values: Iterable[str]) -> None:
    """Remember secret values (the settings register theirs) so that every later `redact` masks them."""
    _known_secrets.update(v for v in values if v and len(v) >= MIN_SECRET_LENGTH)


def redact(text: Any, secrets: Iterable[str] = ()) -> str:
    """`text` with every credential it holds masked (see the module docstring)."""
    text = str(text)
    candidates = _known_secrets.union(s for s in secrets if s and len(s) >= MIN_SECRET_LENGTH)
    for secret in sorted(candidates, key=len, reverse=True):  # longest first: a password inside its URI
        text = text.replace(secret, MASK)
    if "://" in text:
        text = _USERINFO.sub(rf"\g<scheme>{MASK}@", text)
    if "=" in text:
        text = _SECRET_PARAM.sub(rf"\g<lead>{MASK}", text)
        text = _CONNINFO_PASSWORD.sub(rf"\g<lead>{MASK}", text)
    return text


def secret_values(settings: Any) -> list[str]:
    """The secret values a Settings object holds: passwords and keys, and what its URIs carry
    (userinfo, secret query parameters), raw and percent-decoded, so either spelling is masked."""
    from urllib.parse import unquote

    from survivorgraph.config import SECRET_FIELDS, URI_FIELDS

    values = [str(getattr(settings, name, "") or "") for name in SECRET_FIELDS]
    for name in URI_FIELDS:
        uri = str(getattr(settings, name, "") or "")
        userinfo = _LENIENT_USERINFO.search(uri)  # lenient: a malformed URI is echoed by the driver's error
        if userinfo and ":" in userinfo.group("userinfo"):  # a bare user name ('postgres@') is no secret
            credentials = userinfo.group("userinfo")
            values += [credentials, credentials.split(":", 1)[1]]
        values += [m.group(0)[len(m.group("lead")):] for m in _SECRET_PARAM.finditer(uri)]
        values += [m.group(0)[len(m.group("lead")):].strip("'") for m in _CONNINFO_PASSWORD.finditer(uri)]
    return [v for value in values for v in {value, unquote(value)} if v]


def redacted_traceback(exc: BaseException, secrets: Iterable[str] = ()) -> str:
    return redact("".join(traceback.format_exception(exc)), secrets)


_installed = False


def install_log_redaction() -> None:
    """Redact every log record as it is made (the message, its arguments and its traceback).

    A record factory rather than a handler filter: it sees the records of every logger (the drivers',
    httpx's) before any handler, caplog's included, formats them. Idempotent."""
    global _installed
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def redacting_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is logging's own error to report
            return record
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redacted_traceback(record.exc_info[1]).rstrip("\n")
        return record

    logging.setLogRecordFactory(redacting_record)
