from imaging.sensor import read_frame, gaussian_psf
from imaging.operators import ConvolutionOperator

__all__ = ["read_frame", "gaussian_psf", "ConvolutionOperator"]
