from heads.regression import RegressionHead
from heads.tagging import TaggingHead

HEADS = {"price": RegressionHead, "tags": TaggingHead}

__all__ = ["HEADS", "RegressionHead", "TaggingHead"]
