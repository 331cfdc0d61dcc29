"""Small structured reporter used across the pricing library."""
import logging

log = logging.getLogger("behavioral")


class Reporter:
    def __init__(self, prefix):
        self.prefix = prefix
        self.lines = []

    def emit(self, **fields):
        line = self.prefix + " " + " ".join(f"{k}={v}" for k, v in sorted(fields.items()))
        self.lines.append(line)
        log.debug(line)
        return line
