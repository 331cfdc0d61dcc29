"""Online click-through-rate model: a logistic factorisation machine updated per mini-batch."""
import jax
import jax.numpy as jnp

from utils import vjp_apply, zero_refs

N_FEATURES, N_FACTORS = 20, 4


class OnlineFM:
    def __init__(self, key, lr=0.05):
        self.w = jax.new_ref(jnp.zeros(N_FEATURES))
        self.v = jax.new_ref(0.01 * jax.random.normal(key, (N_FEATURES, N_FACTORS)))
        self.g_w = jax.new_ref(jnp.zeros(N_FEATURES))
        self.g_v = jax.new_ref(jnp.zeros((N_FEATURES, N_FACTORS)))
        self.lr = lr

    @staticmethod
    def log_loss(w_ref, v_ref, x, clicks):
        w, v = w_ref[...], v_ref[...]
        xv = x @ v
        pair = 0.5 * jnp.sum(xv**2 - (x**2) @ (v**2), axis=-1)
        logits = x @ w + pair
        return jnp.mean(jnp.logaddexp(0.0, logits) - clicks * logits)

    def update(self, x, clicks):
        zero_refs([self.g_w, self.g_v])
        loss, _ = vjp_apply(
            lambda w, v: self.log_loss(w, v, x, clicks), (self.w, self.v),
            grad_refs=(self.g_w, self.g_v),
        )
        self.w[...] = self.w[...] - self.lr * self.g_w[...]
        self.v[...] = self.v[...] - self.lr * self.g_v[...]
        return loss


def main():
    key = jax.random.PRNGKey(0)
    model = OnlineFM(key)
    for t in range(5):
        key, k1, k2 = jax.random.split(key, 3)
        x = (jax.random.uniform(k1, (32, N_FEATURES)) < 0.2).astype(jnp.float32)
        clicks = (jax.random.uniform(k2, (32,)) < 0.1).astype(jnp.float32)
        loss = model.update(x, clicks)
    print("loss", loss)


if __name__ == "__main__":
    main()
