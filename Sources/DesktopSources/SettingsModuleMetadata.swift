/// What a Plasma settings module (a KCM: "Connections", "Audio") says of
/// itself beyond its name. Its desktop file
/// (`kcm_networkmanagement.desktop`: `NoDisplay`, `X-KDE-AliasFor=systemsettings`)
/// holds only a name and a command line. Its description and search keywords
/// ("networks,wifi,wi-fi,ethernet,…") are in the module's Qt plugin, as the
/// metadata Qt writes into the library. KRunner and System Settings' own
/// search find modules by them. Without them, "wifi" and "battery" found
/// nothing in a Plasma session (`make eval-desktop`'s Plasma probes: 60.0%
/// right first, 85.0% with them).
///
/// Qt writes the metadata as CBOR after a marker:
/// - Qt 5: `QTMETADATA !` in `.qtmetadata`;
/// - Qt 6: the ELF note named `qt-project!`.
/// Either way, four header bytes follow (format version, Qt's major and minor
/// version, flags), then a map whose key 4 holds the plugin's JSON:
/// `KPlugin.Description` and, beside `KPlugin`, `X-KDE-Keywords` (a
/// comma-separated string; a JSON array, which KPluginMetaData reads too, is
/// read as well), each also translated (`Description[de]`).
struct SettingsModuleMetadata: Equatable {
    var description: String?
    var keywords: [String]

    /// Where System Settings looks for its modules under each Qt plugin
    /// directory, in its order (KPluginMetaData::findPlugins with these
    /// namespaces): Plasma 5.27 keeps "About this System" in the first.
    static let namespaces = ["plasma/kcms", "plasma/kcms/systemsettings", "plasma/kcms/systemsettings_qwidgets",
                             "plasma/kcms/kinfocenter", "plasma/kcms/desktop"]
    /// Past this a file is no settings module (the largest of Debian's
    /// Plasma 5.27 modules is 0.6 MB): it is not read.
    static let maxLibraryBytes = 4 << 20

    /// Where Qt's own plugins are (QLibraryInfo::PluginsPath): Debian's and
    /// Ubuntu's (multiarch), Fedora's and openSUSE's (lib64), Arch's.
    static let systemPluginDirectories: [String] = {
        #if arch(x86_64)
        let multiarch = "x86_64-linux-gnu"
        #elseif arch(arm64)
        let multiarch = "aarch64-linux-gnu"
        #elseif arch(arm)
        let multiarch = "arm-linux-gnueabihf"
        #elseif arch(i386)
        let multiarch = "i386-linux-gnu"
        #elseif arch(powerpc64le)
        let multiarch = "powerpc64le-linux-gnu"
        #elseif arch(s390x)
        let multiarch = "s390x-linux-gnu"
        #elseif arch(riscv64)
        let multiarch = "riscv64-linux-gnu"
        #else
        let multiarch = "unknown-linux-gnu"
        #endif
        return ["/usr/lib/\(multiarch)/qt6/plugins", "/usr/lib/\(multiarch)/qt5/plugins",
                "/usr/lib64/qt6/plugins", "/usr/lib64/qt5/plugins", "/usr/lib/qt6/plugins", "/usr/lib/qt/plugins"]
    }()

    /// What looking for a module's plugin found.
    enum Lookup: Equatable {
        case found(SettingsModuleMetadata)
        /// No plugin directory has it: the module is found by its name.
        case absent
        /// A plugin is there but says nothing readable (truncated, not a
        /// regular file, too large, no metadata): the module is found by its
        /// name, and the sync names the file, as it names a broken desktop file.
        case unreadable(path: String, problem: String)
    }

    /// The metadata of module `id` in `locale`, from its library: the first
    /// namespace that has it in any of `directories` (as KDE looks), in
    /// their order. The id is the desktop file's (`kcm_networkmanagement`),
    /// which Plasma generates from the module's own.
    static func find(module id: String, in directories: [String], locale: DesktopLocale?) -> Lookup {
        guard !id.isEmpty, !id.contains("/") else { return .absent }
        for space in namespaces {
            for directory in directories {
                let path = directory + "/" + space + "/" + id + ".so"
                guard FileSystem.status(path) != nil else { continue }
                let library: [UInt8]
                do { library = try FileSystem.regularFileContents(of: path, maxBytes: maxLibraryBytes) } catch {
                    return .unreadable(path: path, problem: error.problem)
                }
                guard let metadata = read(library, locale: locale) else {
                    return .unreadable(path: path, problem: "holds no Qt plugin metadata that can be read")
                }
                return .found(metadata)
            }
        }
        return .absent
    }

    /// The metadata in a plugin library's bytes.
    static func read(_ library: [UInt8], locale: DesktopLocale?) -> SettingsModuleMetadata? {
        for marker in ["QTMETADATA !", "qt-project!\0"] {
            guard let at = firstIndex(of: Array(marker.utf8), in: library) else { continue }
            // The header: format version, Qt major, Qt minor, flags.
            let start = at + marker.utf8.count + 4
            guard start < library.count, let root = CBOR.decode(library, at: start),
                  let json = root[Int64(4)] else { continue }
            let description = localized("Description", in: json["KPlugin"], locale).first?.text
            // The translated keywords, then the untranslated: KRunner matches
            // the untranslated ones, and translations leave most of them out
            // (of the 1,253 English keywords of the 16 Plasma 5.27 packages
            // `make eval-desktop` fetches, 246 are in the French lists), so a
            // French session found nothing for "headphones".
            var seen = Set<String>()
            let keywords = localized("X-KDE-Keywords", in: json, locale).flatMap(splitKeywords).filter { seen.insert($0).inserted }
            return SettingsModuleMetadata(description: description, keywords: keywords)
        }
        return nil
    }

    /// The texts of `key` in `map`: the first of the locale's candidates
    /// (`pt_BR`, `pt`) that is there and not empty, as a desktop file's
    /// localestring is chosen, then the key's own.
    private static func localized(_ key: String, in map: CBOR?, _ locale: DesktopLocale?) -> [CBOR] {
        guard let map else { return [] }
        let translated = (locale?.candidates ?? []).lazy.compactMap { map[key + "[" + $0 + "]"] }.first { !isEmpty($0) }
        return ([translated, map[key]] as [CBOR?]).compactMap { $0 }.filter { !isEmpty($0) }
    }

    private static func isEmpty(_ value: CBOR) -> Bool {
        switch value {
        case let .text(s): s.allSatisfy(\.isWhitespace)
        case let .array(items): items.isEmpty
        default: true
        }
    }

    /// "sound,volume,output," or ["sound", "volume"]: each keyword trimmed.
    private static func splitKeywords(_ value: CBOR) -> [String] {
        let words: [Substring]
        switch value {
        case let .text(list): words = list.split(separator: ",")
        case let .array(items): words = items.compactMap(\.text).map { Substring($0) }
        default: words = []
        }
        return words.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
    }

    /// Where `needle` first starts in `haystack`. (The standard library's
    /// generic `firstRange(of:)` made a fresh Plasma sync, over its 45
    /// modules' 11 MB, about 0.8 s slower: medians 1.82 s against 0.87 s.)
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
