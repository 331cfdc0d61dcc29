"""Character vocabulary for the toy language model."""

CORPUS = (
    "the quick brown fox jumps over the lazy dog. "
    "pack my box with five dozen liquor jugs. "
    "how vexingly quick daft zebras jump!"
)


class CharVocab:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.index = {c: i for i, c in enumerate(self.chars)}
        self.pad_id = len(self.chars)

    @property
    def size(self):
        """Number of real characters (the padding id comes after them)."""
        return len(self.chars)

    def encode(self, text, length):
        ids = [self.index[c] for c in text[:length]]
        return ids + [self.pad_id] * (length - len(ids))
