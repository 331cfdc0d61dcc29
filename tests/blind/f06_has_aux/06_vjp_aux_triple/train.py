import jax
import jax.numpy as jnp

from renderer import render


def main():
    centres = jnp.array([0.2, 0.7])
    widths = jnp.array([0.05, 0.1])
    target = jnp.zeros(32).at[10].set(1.0)
    img, pullback, aux = jax.vjp(lambda c: render(c, widths), centres, has_aux=True)
    (g_centres,) = pullback(img - target)
    print(g_centres, aux)
    return g_centres


if __name__ == "__main__":
    main()
