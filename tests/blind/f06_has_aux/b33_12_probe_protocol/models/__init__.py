from models.linear_probe import LinearProbe
from models.mlp import MLPClassifier

REGISTRY = {"mlp": MLPClassifier, "linear_probe": LinearProbe}
