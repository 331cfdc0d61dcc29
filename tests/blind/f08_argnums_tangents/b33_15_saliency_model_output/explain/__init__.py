from explain.saliency import input_saliency

__all__ = ["input_saliency"]
