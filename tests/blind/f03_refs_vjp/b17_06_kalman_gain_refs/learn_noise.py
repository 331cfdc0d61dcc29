"""Learn process and observation noise by gradient descent, with parameters held in Refs."""
import jax
import jax.numpy as jnp

from config import CONFIG
from kalman import filter_nll


def grad_buffers(params, cfg):
    return {k: jax.new_ref(jnp.zeros(v[...].shape, cfg.grad_dtype)) for k, v in params.items()}


def simulate(key, cfg):
    t = jnp.arange(cfg.n_steps, dtype=jnp.float32)
    return (0.5 * t + jax.random.normal(key, (cfg.n_steps,)))[:, None]


def main():
    cfg = CONFIG
    ys = simulate(jax.random.PRNGKey(0), cfg)
    params = {"log_q": jax.new_ref(jnp.zeros(cfg.state_dim)), "log_r": jax.new_ref(jnp.zeros(cfg.obs_dim))}
    grads = grad_buffers(params, cfg)
    for _ in range(10):
        for g in grads.values():
            g[...] = jnp.zeros_like(g[...])
        nll, f_vjp = jax.vjp(lambda q, r: filter_nll(q, r, ys), params["log_q"], params["log_r"])
        f_vjp.with_refs(grads["log_q"], grads["log_r"])(1.0)
        for k in params:
            params[k][...] = params[k][...] - cfg.lr * grads[k][...].astype(jnp.float32)
    print("nll", nll, "q", jnp.exp(params["log_q"][...]))


if __name__ == "__main__":
    main()
