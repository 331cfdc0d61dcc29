"""Which embedding rows does the score depend on?"""

import jax
import jax.numpy as jnp

from embed import sequence_score


def embedding_saliency(token_ids, table, readout):
    d_table = jax.grad(sequence_score)(token_ids, table, readout)
    return jnp.linalg.norm(d_table, axis=-1)


def main():
    table = jax.random.normal(jax.random.key(2), (10, 4))
    readout = jnp.ones(4)
    token_ids = jnp.array([1, 3, 3, 7])
    sal = embedding_saliency(token_ids, table, readout)
    print("row saliency", sal)
    return sal


if __name__ == "__main__":
    main()
