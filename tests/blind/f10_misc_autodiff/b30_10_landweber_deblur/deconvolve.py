"""Landweber deconvolution of a camera frame with a known PSF."""
import jax
import jax.numpy as jnp

from imaging import ConvolutionOperator, gaussian_psf, read_frame


def landweber(op, y, *, steps=50, tau=1.0):
    x = jnp.zeros_like(y)

    def body(x, _):
        x = x + tau * op.rmatvec(y - op.matvec(x))
        return jnp.clip(x, 0.0, 255.0), None

    x, _ = jax.lax.scan(body, x, None, length=steps)
    return x


def restore(frame, psf, steps=50):
    op = ConvolutionOperator(psf, like=frame)
    return landweber(op, frame.astype(jnp.float32), steps=steps)


def main():
    psf = gaussian_psf()
    frame = read_frame(jax.random.PRNGKey(0), psf=psf)
    restored = restore(frame, psf)
    print("contrast before", float(frame.astype(jnp.float32).std()), "after", float(restored.std()))


if __name__ == "__main__":
    main()
