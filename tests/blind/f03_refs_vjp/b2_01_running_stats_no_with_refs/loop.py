import jax
import jax.numpy as jnp

from normstats import centred_loss


def fit(w, x, y, steps):
    stats = jax.new_ref(jnp.zeros(w.shape[1]))
    for _ in range(steps):
        loss, pullback = jax.vjp(centred_loss, w, stats, x, y)
        w_bar, _, _, _ = pullback(jnp.ones_like(loss))
        w = w - 0.1 * w_bar
    return w, float(loss)


def main(steps=5):
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = x[:, :2] * 2.0
    w, loss = fit(jnp.zeros((3, 2)), x, y, steps)
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
