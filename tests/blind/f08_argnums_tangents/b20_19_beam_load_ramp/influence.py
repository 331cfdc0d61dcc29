"""How sensitive is the midspan deflection to each load pattern? (load-pattern influence)"""
import jax
import jax.numpy as jnp

from beam import midspan_deflection
from loads import PATTERNS

N_ELEMENTS = 59


def pattern_influence(q_service, pattern):
    _, dw = jax.jvp(midspan_deflection, (q_service,), (pattern,))
    return dw


def main():
    q_service = jnp.full(N_ELEMENTS, 12.0)
    report = {}
    for name, make in PATTERNS.items():
        report[name] = float(pattern_influence(q_service, make(N_ELEMENTS)))
    print({k: f"{v:.3e}" for k, v in report.items()})
    return report


if __name__ == "__main__":
    main()
