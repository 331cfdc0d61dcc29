"""Epsilon-prediction training objective for a small denoiser on 2D points."""

import jax
import jax.numpy as jnp

from schedules import SCHEDULES


class GaussianDiffusion:
    def __init__(self, schedule="cosine", n_steps=100):
        self.n_steps = n_steps
        self.alpha_bars = SCHEDULES[schedule](n_steps)

    def q_sample(self, x0, t, noise):
        a = jnp.asarray(self.alpha_bars)[t]
        return jnp.sqrt(a) * x0 + jnp.sqrt(1.0 - a) * noise

    def loss(self, params, denoiser, x0, key):
        kt, kn = jax.random.split(key)
        t = jax.random.randint(kt, (x0.shape[0],), 0, self.n_steps)
        noise = jax.random.normal(kn, x0.shape)
        xt = jax.vmap(self.q_sample)(x0, t, noise)
        pred = denoiser(params, xt, t / self.n_steps)
        return jnp.mean((pred - noise) ** 2)


def mlp_denoiser(params, xt, t_frac):
    h = jnp.concatenate([xt, t_frac[:, None]], axis=1)
    h = jax.nn.silu(h @ params["w1"] + params["b1"])
    return h @ params["w2"]


def main():
    k1, k2, kd = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (3, 64)) * 0.3, "b1": jnp.zeros(64), "w2": jax.random.normal(k2, (64, 2)) * 0.1}
    angles = jax.random.uniform(kd, (256,)) * 2 * jnp.pi
    x0 = jnp.stack([jnp.cos(angles), jnp.sin(angles)], axis=1)
    diffusion = GaussianDiffusion()
    grad_fn = jax.value_and_grad(diffusion.loss)
    for key in jax.random.split(jax.random.PRNGKey(1), 20):
        loss, grads = grad_fn(params, mlp_denoiser, x0, key)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    print(f"denoising loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
