import DBusService
import LimelightKit

struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve search on the session bus for GNOME Shell and KRunner (org.limelight.Limelight)."
    static let discussion = """
        Owns org.limelight.Limelight on the session bus and answers GNOME Shell
        (org.gnome.Shell.SearchProvider2 at /org/limelight/Limelight/SearchProvider)
        and KRunner (org.kde.krunner1 at /runner), always from the newest committed
        index. Choosing a result records the use. 'limelight desktop install'
        registers it, so D-Bus starts it on demand; with --idle-exit it ends when
        unused and no app it opened still runs.
        """
    static let usage = ["serve [--idle-exit <seconds>] [--limit <n>]"]
    static let options: [Option] = [
        .idleExit, .limit.explained("At most n results per answer (default 10; to GNOME Shell at most the 5 it shows)."),
    ]

    static let busName = "org.limelight.Limelight"
    static let searchProviderPath = "/org/limelight/Limelight/SearchProvider"

    static func run(_ args: ParsedArguments) throws {
        let backend = try IndexBackend(location: location(args), limit: args.int(.limit) ?? 10)
        let idle = args.int(.idleExit) ?? 0
        let service = try BusService(name: busName, searchProviderPath: searchProviderPath)
        _ = try service.run(backend: backend, idleTimeout: idle > 0 ? .seconds(idle) : nil)
    }
}
