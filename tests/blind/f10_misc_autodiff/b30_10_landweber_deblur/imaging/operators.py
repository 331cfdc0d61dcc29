"""Linear imaging operators with adjoints derived by JAX."""
import jax
from jax.scipy.signal import convolve2d


class ConvolutionOperator:
    """A = convolution with a fixed kernel; A^T obtained by linear_transpose."""

    def __init__(self, kernel, *, like):
        self.kernel = kernel
        self._adjoint = jax.linear_transpose(self.matvec, like)

    def matvec(self, x):
        return convolve2d(x, self.kernel, mode="same")

    def rmatvec(self, y):
        (x,) = self._adjoint(y)
        return x

    def normal(self, x):
        return self.rmatvec(self.matvec(x))
