"""In-process event bus used by the training service for telemetry."""
from dataclasses import dataclass, field


@dataclass
class BackwardEvent:
    op: str
    stats: dict = field(default_factory=dict)


class EventBus:
    def __init__(self):
        self._subscribers = []

    def subscribe(self, fn):
        self._subscribers.append(fn)
        return fn

    def publish(self, event):
        for fn in self._subscribers:
            fn(event)
        return event  # lets callers chain: bus.publish(ev).stats


BUS = EventBus()
