import jax

from qlora.config import QuantConfig
from qlora.layers import init_adapter, init_frozen
from qlora.train import sgd_step


def task(key, cfg, n=128):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (n, cfg.d_in))
    y = x @ (0.1 * jax.random.normal(kw, (cfg.d_in, cfg.d_out)))
    return x, y


def finetune(cfg, steps=100):
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    frozen = init_frozen(k1, cfg)
    adapter = init_adapter(k2, cfg)
    x, y = task(k3, cfg)
    for _ in range(steps):
        adapter, loss = sgd_step(adapter, frozen, x, y, cfg)
    return loss


def main():
    print("final loss:", float(finetune(QuantConfig())))


if __name__ == "__main__":
    main()
