import jax
import jax.numpy as jnp

from regressor import AgeRegressor
from saliency import saliency_maps


def main():
    model = AgeRegressor(jax.random.key(0))
    faces = jax.random.uniform(jax.random.key(1), (8, 16, 16))
    preds, maps = saliency_maps(model, faces)
    top = jnp.unravel_index(jnp.argmax(maps[0]), maps[0].shape)
    print("predicted ages", preds[:, 0])
    print("most salient pixel of the first face", tuple(int(t) for t in top))
    return maps


if __name__ == "__main__":
    main()
