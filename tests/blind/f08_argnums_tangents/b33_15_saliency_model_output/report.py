import jax
import jax.numpy as jnp

import moe
from explain import input_saliency


def main():
    params = moe.init(jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (5, 6))
    sal = input_saliency(moe.apply, params, x, target_class=2)
    print("most salient feature per example", jnp.argmax(sal, axis=-1))
    return sal


if __name__ == "__main__":
    main()
