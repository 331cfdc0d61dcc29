from monitoring.probes import ActivationProbe, HookList

__all__ = ["ActivationProbe", "HookList"]
