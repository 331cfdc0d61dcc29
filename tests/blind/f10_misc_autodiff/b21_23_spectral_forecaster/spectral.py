"""A 1-D Fourier layer (as in Fourier neural operators) for sequence-to-sequence forecasting."""
import jax
import jax.numpy as jnp


def init_spectral(key, modes, width):
    k1, k2, k3 = jax.random.split(key, 3)
    scale = 1.0 / width
    return {
        "w_re": jax.random.normal(k1, (modes, width, width)) * scale,
        "w_im": jax.random.normal(k2, (modes, width, width)) * scale,
        "w_skip": jax.random.normal(k3, (width, width)) * scale,
    }


def spectral_conv(params, x):
    """x: (length, width) -> (length, width), mixing channels on the lowest modes."""
    n = x.shape[0]
    modes = params["w_re"].shape[0]
    x_ft = jnp.fft.rfft(x, axis=0)                                  # (n//2+1, width)
    w = params["w_re"] + 1j * params["w_im"]
    low = jnp.einsum("mi,mio->mo", x_ft[:modes], w)
    out_ft = jnp.zeros_like(x_ft).at[:modes].set(low)
    return jnp.fft.ifft(out_ft, n=n, axis=0)


def fourier_block(params, x):
    return jax.nn.gelu(spectral_conv(params, x) + x @ params["w_skip"])
