"""Type-II maximum likelihood for the GP hyperparameters."""
import jax
import jax.numpy as jnp

from gp.model import Hyper, neg_log_marginal


def toy_data(n=30, d=3, seed=0):
    kx, ke = jax.random.split(jax.random.key(seed))
    x = jax.random.uniform(kx, (n, d), minval=-2.0, maxval=2.0)
    y = jnp.sin(2.0 * x[:, 0]) + 0.1 * x[:, 1] + 0.05 * jax.random.normal(ke, (n,))
    return x, y


@jax.jit
def step(hyper, x, y, lr=0.05):
    loss, grads = jax.value_and_grad(neg_log_marginal)(hyper, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, hyper, grads), loss


def optimize(steps=25):
    x, y = toy_data()
    hyper = Hyper(jnp.zeros(x.shape[1]), jnp.array(0.0), jnp.array(-1.0))
    for _ in range(steps):
        hyper, loss = step(hyper, x, y)
    return hyper, loss


def main():
    hyper, loss = optimize()
    print("lengthscales", jnp.exp(hyper.log_lengthscales), "nlml", float(loss))


if __name__ == "__main__":
    main()
