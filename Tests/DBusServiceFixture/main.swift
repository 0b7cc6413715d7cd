// dbus-service-fixture: CatalogueBackend served on a bus, as a process of its
// own, so tests can watch idle exit, a taken name and D-Bus activation.
//
//   dbus-service-fixture --name NAME [--address ADDRESS] [--idle-ms N]
//
// Without --address it connects to the session bus, as `limelight serve` will
// (dbus-daemon sets DBUS_SESSION_BUS_ADDRESS for the services it activates). Exits 0 when stopped, idle or the bus is gone; 69 (EX_UNAVAILABLE)
// with no bus or a taken name; 64 on a usage error; 70 otherwise.
import DBusService
import DBusServiceFixtures
import Glibc

func fail(_ message: String, status: Int32) -> Never {
    let line = "dbus-service-fixture: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

var name: String?
var address: String?
var idleMilliseconds = 0
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value", status: 64) }
    switch option {
    case "--name": name = value
    case "--address": address = value
    case "--idle-ms":
        guard let ms = Int(value), ms >= 0 else { fail("--idle-ms takes a whole number", status: 64) }
        idleMilliseconds = ms
    default: fail("unknown option \(option)", status: 64)
    }
}
guard let name else { fail("--name is required", status: 64) }

let bus: BusAddress = address.map { .address($0) } ?? .session

do {
    let service = try BusService(name: name, searchProviderPath: "/org/limelight/Limelight/SearchProvider", bus: bus)
    _ = try service.run(backend: CatalogueBackend(),
                        idleTimeout: idleMilliseconds > 0 ? .milliseconds(idleMilliseconds) : nil)
    exit(0)
} catch {
    fail(error.description, status: error.kind == .other ? 70 : 69)
}
