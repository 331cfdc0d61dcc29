from pk.registry import sensitivity_params
from pk.models import OneCompartmentOral
from pk.analysis import parameter_jacobian

__all__ = ["sensitivity_params", "OneCompartmentOral", "parameter_jacobian"]
