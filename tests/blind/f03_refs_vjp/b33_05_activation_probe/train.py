import jax
import jax.numpy as jnp

from model import TwoLayerNet
from monitoring import ActivationProbe, HookList


def main(steps=20, lr=0.1):
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = jnp.sin(x[:, :1])
    probe = ActivationProbe("hidden", (16, 8))
    net = TwoLayerNet(HookList([probe]))
    params = net.init(jax.random.key(1), 3, 8)
    for _ in range(steps):
        loss, grads = jax.value_and_grad(net.loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print(f"loss {float(loss):.4f}, mean |h| {float(jnp.abs(probe.latest()).mean()):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
