import jax

from field import grid, potential


def main():
    xs = grid(8)
    slope = jax.grad(potential)(xs)
    print(slope)
    return slope


if __name__ == "__main__":
    main()
