"""Which observation features does the critic's value estimate depend on?"""

from functools import partial

import jax
import jax.numpy as jnp

from critic import ValueNet

FEATURES = ("cart_x", "cart_v", "pole_angle", "pole_omega")


def saliency(net, params, states):
    grad_v = jax.grad(partial(net.value, params))
    return jax.vmap(grad_v)(states)


def main():
    net = ValueNet(len(FEATURES))
    params = net.init(jax.random.key(0))
    states = jax.random.normal(jax.random.key(1), (32, len(FEATURES)))
    sal = jnp.mean(jnp.abs(saliency(net, params, states)), axis=0)
    for name, s in zip(FEATURES, sal):
        print(f"{name:>11}: {float(s):.4f}")
    return sal


if __name__ == "__main__":
    main()
