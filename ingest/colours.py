"""A buff's colour by the name people call it: survivoR's tribe_colours holds hex codes ("#2150FF"), questions say
"blue". The name is the hue band of the colour, with black, white and grey for the dark, light and unsaturated."""

from __future__ import annotations

import colorsys

# Hue bands in degrees, [start, end): the basic colour words a buff is called by
_HUES = ((0, 15, "red"), (15, 42, "orange"), (42, 70, "yellow"), (70, 160, "green"), (160, 188, "teal"),
         (188, 255, "blue"), (255, 290, "purple"), (290, 335, "pink"), (335, 360, "red"))


def colour_name(hex_code: object) -> str | None:
    """'#2150FF' -> 'blue', '#6B3E1F' -> 'brown'; None for a value that is not a hex colour."""
    code = str(hex_code or "").strip().lstrip("#")
    if len(code) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in code):
        return None
    red, green, blue = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    hue, light, sat = colorsys.rgb_to_hls(red, green, blue)
    if light < 0.12:
        return "black"
    if light > 0.92:
        return "white"
    if sat < 0.18:
        return "grey"
    degrees = hue * 360
    name = next(name for start, end, name in _HUES if start <= degrees < end)
    return "brown" if name in ("orange", "red") and light < 0.3 and degrees >= 10 else name
