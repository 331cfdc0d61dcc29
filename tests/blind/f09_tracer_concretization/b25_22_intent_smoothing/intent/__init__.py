from intent.config import ClassifierConfig
from intent.targets import infer_num_classes, smoothed_targets
from intent.model import BagOfWordsClassifier

__all__ = ["ClassifierConfig", "infer_num_classes", "smoothed_targets", "BagOfWordsClassifier"]
