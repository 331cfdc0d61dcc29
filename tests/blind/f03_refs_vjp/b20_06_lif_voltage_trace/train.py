"""Fit input weights so the population reproduces a recorded membrane trace."""
import jax
import jax.numpy as jnp

from network import LIFConfig, LIFNetwork


def trace_loss(w_in, w_rec, inputs, target, net):
    trace = net.run(w_in, w_rec, inputs)
    return jnp.mean((trace - target) ** 2)


def make_problem(cfg, n_inputs=4):
    k1, k2, k3, k4 = jax.random.split(jax.random.key(3), 4)
    inputs = jax.random.uniform(k1, (cfg.n_steps, n_inputs)) * 2.0
    w_true = jax.random.normal(k2, (cfg.n_neurons, n_inputs)) * 0.8
    w_rec = jax.random.normal(k3, (cfg.n_neurons, cfg.n_neurons)) * 0.1
    target = LIFNetwork(cfg).run(w_true, w_rec, inputs)
    w0 = jax.random.normal(k4, w_true.shape) * 0.8
    return inputs, w_rec, target, w0


def main(steps=25):
    cfg = LIFConfig()
    inputs, w_rec, target, w_in = make_problem(cfg)
    net = LIFNetwork(cfg)
    grad_fn = jax.value_and_grad(trace_loss)
    losses = []
    for _ in range(steps):
        value, g = grad_fn(w_in, w_rec, inputs, target, net)
        w_in = w_in - 20.0 * g
        losses.append(float(value))
    print(f"trace mse {losses[0]:.4f} -> {losses[-1]:.4f}")
    return losses


if __name__ == "__main__":
    main()
