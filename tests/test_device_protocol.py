"""The declared device interfaces: every device class of device/hal implements Device
(the loop answers it through those five calls and probes nothing), a camera scanner is a
Camera and nothing else is, and every simulated device implements Simulated."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import queue
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

import device.hal
import device.sim
from device.engine.events import Setup
from device.engine.game import Game
from device.hal.bidbox_gpio import GpioBidBox
from device.hal.camera_line import CameraScanner
from device.hal.events import CALL, Input
from device.hal.interface import NULL_DEVICE, Camera, Device, NullDevice
from device.hal.serial_device import SerialDevice
from device.loop import TableLoop
from device.run import simulated_urls
from device.sim.camera import SimCamera
from device.sim.devices import SimDevice
from device.sim.interface import Simulated
from device.sim.links import PtyLink
from device.table import Table

ROOT = Path(__file__).resolve().parents[1] / "device"
DEVICE_VERBS = ("acknowledge", "set_leds", "beep")  # what only a device at the table does


def classes_in(package, defining: tuple[str, ...]) -> list[type]:
    """The classes of `package`'s modules that define one of `defining` themselves."""
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            is_protocol = getattr(cls, "_is_protocol", False)  # the interfaces themselves
            own = cls.__module__ == module.__name__ and not is_protocol
            if own and any(n in vars(cls) for n in defining):
                found.append(cls)
    return found


def protocol_methods(protocol) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(protocol).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }


def callable_as(method, declared: inspect.Signature) -> bool:
    """Whether `method` (a class's function) takes the call the protocol declares: each
    declared parameter positionally, any parameter of its own with a default."""
    params = list(declared.parameters.values())[1:]  # without self
    try:
        inspect.signature(method).bind(None, *[object()] * len(params))
    except TypeError:
        return False
    return True


def test_every_device_class_of_hal_is_found_and_declared():
    found = set(classes_in(device.hal, DEVICE_VERBS))
    assert found == {SerialDevice, CameraScanner, GpioBidBox, NullDevice}


@pytest.mark.parametrize("cls", classes_in(device.hal, DEVICE_VERBS), ids=lambda c: c.__name__)
def test_each_device_class_implements_the_device_interface(cls):
    assert issubclass(cls, Device)
    for name, declared in protocol_methods(Device).items():
        assert callable_as(getattr(cls, name), declared), f"{cls.__name__}.{name}{declared}"


def device_instances(tmp_path):
    """One of each device class, not started: (instance, is a camera)."""
    inputs: queue.Queue = queue.Queue()
    return [
        (SerialDevice("loop://", inputs), False),
        (CameraScanner(f"camera:dir:{tmp_path}", inputs, tmp_path / "decks"), True),
        (GpioBidBox(None, inputs, pin_factory=MockFactory(), auto_settle=False), False),
        (NullDevice(), False),
    ]


def test_each_device_is_a_device_and_only_the_camera_scanner_is_a_camera(tmp_path):
    devices = device_instances(tmp_path)
    try:
        for instance, camera in devices:
            assert isinstance(instance, Device)
            assert isinstance(instance, Camera) is camera, type(instance).__name__
    finally:
        for instance, _ in devices:
            instance.close()


def test_the_camera_interface_is_what_a_camera_scanner_declares():
    for name, declared in protocol_methods(Camera).items():
        assert callable_as(getattr(CameraScanner, name), declared), name
    assert set(Camera.__annotations__) == {"preview_dir", "decks"}


def test_the_null_device_hears_every_call_and_does_nothing():
    item = Input(CALL, "1NT", "screen", session=("X", 1), seq=3)
    assert NULL_DEVICE.acknowledge(item) is None
    assert NULL_DEVICE.forget(item) is None
    assert NULL_DEVICE.set_leds(0x81) is None
    assert NULL_DEVICE.beep(1) is None
    assert NULL_DEVICE.close() is None
    assert vars(NULL_DEVICE) == {}  # nothing noted, nothing held


def test_the_loop_answers_an_input_whose_source_has_no_device_through_the_null_device():
    table = Table(Game(Setup("plain", ("Anna", "Ben"), 0)))
    box = GpioBidBox(None, queue.Queue(), pin_factory=MockFactory(), auto_settle=False)
    try:
        loop = TableLoop(table, queue.Queue(), {"bidbox": box})
        first = Input(CALL, "1NT", "scanner", session=("SIM", 1), seq=1)  # no scanner here
        assert loop.handle(first).accepted
        refused = loop.handle(Input(CALL, "1C", "bidbox"))  # the GPIO box: no beep to give
        assert not refused.accepted
        loop.show_turn()
        assert box._leds["error"].value == 1  # the mask reached the box's LEDs
    finally:
        box.close()


def calls_in(path: Path, names: tuple[str, ...], within: str | None = None) -> list[str]:
    """`hasattr(...)` / `getattr(...)` calls in a module (or in one of its functions)."""
    tree = ast.parse(path.read_text())
    if within is not None:
        functions = (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
        tree = next(n for n in functions if n.name == within)
    return [
        f"{path.name}:{node.lineno} {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
    ]


def test_the_loop_probes_no_device():
    assert calls_in(ROOT / "loop.py", ("hasattr", "getattr")) == []


def test_the_run_command_probes_no_device_and_the_screen_no_scanner():
    assert calls_in(ROOT / "run.py", ("hasattr",)) == []
    probes = [c for c in calls_in(ROOT / "run.py", ("getattr",)) if "args" not in c]
    assert probes == []
    for function in ("camera", "_camera_folder"):
        assert calls_in(ROOT / "ui" / "pairing.py", ("hasattr", "getattr"), function) == []


def test_every_simulated_device_class_is_found_and_declared():
    found = set(classes_in(device.sim, ("answer",)))
    assert found == {SimDevice, SimCamera}
    for cls in found:
        for name, declared in protocol_methods(Simulated).items():
            assert callable_as(getattr(cls, name), declared), f"{cls.__name__}.{name}"
        assert isinstance(vars(cls).get("url"), property), cls.__name__


def test_each_simulated_device_is_simulated_and_says_which_port_the_table_opens(tmp_path):
    scanner = SimDevice("scanner", "SIM-SCANNER", PtyLink(tmp_path / "scanner"))
    bidbox = SimDevice("bidbox", "SIM-BIDBOX", PtyLink(tmp_path / "bidbox"))
    camera = SimCamera(tmp_path / "spot")
    try:
        for sim in (scanner, bidbox, camera):
            assert isinstance(sim, Simulated)
        assert scanner.decks is None and scanner.wait_ready() is True
        assert camera.decks is not None  # its own profiles, made from its own photos
        serial = {"scanner": scanner, "bidbox": bidbox}
        wanted = (str(tmp_path / "scanner"), str(tmp_path / "bidbox"))
        assert simulated_urls(serial, "ignored") == wanted
        spot = f"camera:dir:{tmp_path / 'spot'}"
        urls = simulated_urls({"scanner": camera, "bidbox": bidbox}, spot)
        assert urls == (spot, str(tmp_path / "bidbox"))
    finally:
        camera.stop()
