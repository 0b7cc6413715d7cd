import DBusService
import DBusServiceFixtures
import Testing

/// sd-bus answers Introspect from the vtables; GNOME's and KRunner's own XML
/// name the arguments, and gdbus must show the same signatures and names.
@Suite(.enabled(if: DBusTools.available, "dbus-daemon or gdbus is not installed"))
struct IntrospectionTests {
    /// One `interface NAME { … };` block of `gdbus introspect` text output.
    private func block(_ interface: String, in output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "  interface \(interface) {" }),
              let end = lines[start...].firstIndex(where: { $0 == "  };" }) else { return "" }
        return lines[start...end].joined(separator: "\n") + "\n"
    }

    private func introspect(_ bus: PrivateBus, _ path: String) throws -> String {
        try Child.run([DBusTools.gdbus!, "introspect", "--address", bus.address,
                              "--dest", PrivateBus.serviceName, "--object-path", path]).stdout
    }

    @Test func searchProvider2HasGnomeShellsSignaturesAndArgumentNames() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            #expect(block("org.gnome.Shell.SearchProvider2", in: try introspect(bus, PrivateBus.searchProviderPath)) == """
              interface org.gnome.Shell.SearchProvider2 {
                methods:
                  GetInitialResultSet(in  as terms,
                                      out as results);
                  GetSubsearchResultSet(in  as previous_results,
                                        in  as terms,
                                        out as results);
                  GetResultMetas(in  as identifiers,
                                 out aa{sv} metas);
                  ActivateResult(in  s identifier,
                                 in  as terms,
                                 in  u timestamp);
                  LaunchSearch(in  as terms,
                               in  u timestamp);
                signals:
                properties:
              };

            """)
        }
    }

    @Test func krunner1HasKRunnersSignaturesAndArgumentNames() throws {
        let bus = try PrivateBus()
        try bus.serving(CatalogueBackend()) { () throws in
            let output = try introspect(bus, BusService.krunnerPath)
            #expect(block("org.kde.krunner1", in: output) == """
              interface org.kde.krunner1 {
                methods:
                  Actions(out a(sss) matches);
                  Match(in  s query,
                        out a(sssida{sv}) matches);
                  Run(in  s matchId,
                      in  s actionId);
                  Teardown();
                  Config(out a{sv} config);
                  SetActivationToken(in  s token);
                signals:
                properties:
              };

            """)
            // Each interface lives at its own path only.
            #expect(block("org.gnome.Shell.SearchProvider2", in: output) == "")
        }
    }
}
