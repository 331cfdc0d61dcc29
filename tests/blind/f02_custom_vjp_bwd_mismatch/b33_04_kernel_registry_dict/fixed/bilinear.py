import jax.numpy as jnp

from kernels import register_kernel


@register_kernel("bilinear_score")
class BilinearScore:
    """score[i] = x[i] @ w @ x[i], fused so the (n, d) intermediate is not stored."""

    @staticmethod
    def forward(x, w):
        return jnp.einsum("nd,de,ne->n", x, w, x)

    @staticmethod
    def fwd(x, w):
        return BilinearScore.forward(x, w), (x, w)

    @staticmethod
    def bwd(res, g):
        x, w = res
        dx = g[:, None] * (x @ (w + w.T))
        dw = jnp.einsum("n,nd,ne->de", g, x, x)
        return dx, dw
