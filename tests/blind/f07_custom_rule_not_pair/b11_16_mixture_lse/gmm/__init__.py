from gmm.mixture import GaussianMixture

__all__ = ["GaussianMixture"]
