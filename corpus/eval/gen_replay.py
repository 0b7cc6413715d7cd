#!/usr/bin/env python3
"""Generate Limelight's prequential replay logs (dev sets for `suggest`).

Deterministic: Python 3.11 standard library only, one fixed seed per person,
no clock, no set iteration.  Running it twice writes byte-identical files:

    replay/<person>.jsonl       one self-contained universe per simulated person:
                                app, intent, entity and shortcut records, then
                                relevance records, then interactions sorted by time
    replay/<person>.meta.json   what was simulated: offset, span, routines, the
                                change(s) of habit, new items (with first-use dates)

Each log uses its own app ids (`sim.<person>.<app>`), so no log shares an id
with the bundled corpus or with another log; still, replay each log into a
fresh, empty index.

Usage:  python3 corpus/eval/gen_replay.py [--check]
        --check  regenerate in memory and fail if the files on disk differ
"""
import datetime as dt
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "replay")
SEED = "limelight-eval-replay-v1"

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)
WEEKDAYS = (MON, TUE, WED, THU, FRI)
WEEKEND = (SAT, SUN)
EVERY_DAY = tuple(range(7))


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------ the world
class World:
    """The declarations and the routines of one simulated person."""

    def __init__(self, person, summary, offset, start, weeks, noise):
        self.person = person
        self.summary = summary
        self.offset = offset                      # "+09:00"
        sign = -1 if offset[0] == "-" else 1
        hh, mm = int(offset[1:3]), int(offset[4:6])
        self.tz = dt.timezone(sign * dt.timedelta(hours=hh, minutes=mm))
        self.start = dt.date.fromisoformat(start)
        assert self.start.weekday() == MON, "logs start on a Monday"
        self.weeks = weeks
        self.days = weeks * 7
        self.noise = noise                        # wanted share of noise events
        self.rng = random.Random(f"{SEED}/{person}")
        self.apps = []                            # records, in declaration order
        self.intents = []
        self.shortcuts = []
        self.entities = []
        self.relevance = []
        self.app_names = {}
        self.type_intent = {}                     # (app, type) -> intent id
        self.shortcut_intent = {}
        self.shortcut_param = {}
        self.entity_keys = set()
        self.routines = []
        self.noise_pool = []                      # (weight, template)
        self.awake = {}                           # weekday -> [(from_min, to_min)]
        self.places = []                          # (days, from_min, to_min, context)
        self.habit_changes = []
        self.new_items = []

    # --- declarations
    def app(self, short, name, synonyms=()):
        app = f"sim.{self.person}.{short}"
        self.apps.append({"kind": "app", "app": app, "name": name, "synonyms": list(synonyms)})
        self.app_names[app] = name
        return app

    def intent(self, app, id_, title, summary, params=()):
        self.intents.append({"kind": "intent", "app": app, "id": id_, "title": title,
                             "summary": summary, "parameters": [dict(p) for p in params]})
        return id_

    def entity_type(self, app, type_, intent_id, intent_title, param):
        """Declare an entity type with its default 'open/play' intent."""
        self.intent(app, intent_id, intent_title, intent_title.split()[0] + " ${" + param + "}",
                    [{"name": param, "type": type_}])
        self.type_intent[(app, type_)] = intent_id

    def shortcut(self, app, id_, intent_id, title, symbol, phrases, parameter=None):
        assert sum(1 for s in self.shortcuts if s["app"] == app) < 10, "at most 10 shortcuts per app"
        for p in phrases:
            assert "${applicationName}" in p, p
        s = {"kind": "shortcut", "app": app, "id": id_, "intent": intent_id, "title": title,
             "symbol": symbol, "phrases": list(phrases)}
        if parameter:
            s["parameter"] = dict(parameter)
        self.shortcuts.append(s)
        self.shortcut_intent[(app, id_)] = intent_id
        self.shortcut_param[(app, id_)] = parameter
        return id_

    def ent(self, app, type_, id_, title, subtitle=None, keywords=(), hint=None, properties=None):
        assert (app, type_) in self.type_intent, (app, type_)
        key = (app, type_, id_)
        assert key not in self.entity_keys, key
        self.entity_keys.add(key)
        e = {"kind": "entity", "app": app, "type": type_, "id": id_, "title": title}
        if subtitle:
            e["subtitle"] = subtitle
        if keywords:
            e["keywords"] = list(keywords)
        if properties:
            e["properties"] = properties
        if hint is not None:
            e["rankingHint"] = hint
        self.entities.append(e)
        return key

    def relevant(self, context, keys):
        app = keys[0][0]
        ents = []
        for k in keys:
            assert k[0] == app
            e = next(x for x in self.entities if (x["app"], x["type"], x["id"]) == k)
            ents.append({x: y for x, y in e.items() if x not in ("kind", "app")})
        self.relevance.append({"kind": "relevance", "app": app, "context": context,
                               "op": "update", "entities": ents})

    # --- interaction templates (dicts without "at"/"context")
    def launch(self, app):
        return {"app": app}

    def use(self, key):
        app, type_, id_ = key
        return {"app": app, "intent": self.type_intent[(app, type_)],
                "entities": [{"type": type_, "id": id_}]}

    def sc(self, app, sid, key=None):
        t = {"app": app, "intent": self.shortcut_intent[(app, sid)], "shortcut": sid}
        param = self.shortcut_param[(app, sid)]
        if key is not None:
            assert param and param["type"] == key[1] and key[0] == app, (sid, key)
            t["entities"] = [{"type": key[1], "id": key[2]}]
        return t

    # --- schedules
    def day(self, week, weekday=MON):
        return week * 7 + weekday

    def routine(self, name, days, at, jitter, target, context=(), p=1.0, maybe=(),
                first=0, last=None, repeat=(1, 1), gap=60, weeks_mod=None, tight=False):
        """An event on each of `days` (weekdays) around `at` ("HH:MM", may pass
        24:00 for the small hours after that day), ± `jitter` minutes.

        target: a template, or a function (day_index, rng) -> template.
        maybe:  [(context, probability)] added per event.
        first/last: day indexes (inclusive/exclusive) bounding the routine.
        repeat/gap: several events per occurrence, `gap` minutes apart.
        weeks_mod: (n, r) -> only in weeks where week % n == r.
        The jitter is clamped to 30-60 minutes (the offset is Gaussian, sigma = jitter/2,
        clipped to ±jitter) unless `tight` (clocking in and out of a job).
        """
        h, m = at.split(":")
        if not tight:                             # daily habits drift by ±30–60 min
            jitter = max(30, min(60, jitter))
        self.routines.append({
            "name": name, "days": tuple(days), "at": int(h) * 60 + int(m), "jitter": jitter,
            "target": target, "context": list(context), "p": p, "maybe": list(maybe),
            "first": first, "last": self.days if last is None else last,
            "repeat": repeat, "gap": gap, "weeks_mod": weeks_mod})

    def switch(self, old, new, from_day, what):
        """A change of habit: `old` until day `from_day`, then `new`."""
        self.habit_changes.append({"what": what, "from": self.date(from_day).isoformat(),
                                   "old": self.target_of(old), "new": self.target_of(new)})
        return lambda d, rng: old if d < from_day else new

    def pick(self, *weighted):
        """A weighted choice among templates (or functions), per event."""
        def choose(d, rng):
            total = sum(w for w, _ in weighted)
            x = rng.random() * total
            for w, t in weighted:
                x -= w
                if x < 0:
                    return t(d, rng) if callable(t) else t
            t = weighted[-1][1]
            return t(d, rng) if callable(t) else t
        return choose

    def new_item(self, template, from_day, what):
        self.new_items.append({"what": what, "from": self.date(from_day).isoformat(),
                               "target": self.target_of(template)})
        return template

    def date(self, d):
        return self.start + dt.timedelta(days=d)

    def target_of(self, t):
        """The harness's target rule: first entity, else shortcut, else app."""
        if t.get("entities"):
            e = t["entities"][0]
            return {"kind": "entity", "app": t["app"], "type": e["type"], "id": e["id"]}
        if t.get("shortcut"):
            return {"kind": "shortcut", "app": t["app"], "id": t["shortcut"]}
        return {"kind": "app", "app": t["app"]}

    def place(self, days, frm, to, context):
        """Where the person is (a location context), for noise events."""
        f = [int(x) for x in frm.split(":")]
        t = [int(x) for x in to.split(":")]
        self.places.append((tuple(days), f[0] * 60 + f[1], t[0] * 60 + t[1], context))

    def awake_during(self, days, frm, to):
        f = [int(x) for x in frm.split(":")]
        t = [int(x) for x in to.split(":")]
        for d in days:
            self.awake.setdefault(d, []).append((f[0] * 60 + f[1], t[0] * 60 + t[1]))

    def location_at(self, day, minute):
        """Location context for (day index, minute since that day's midnight)."""
        for delta in (0, 1):                      # today's blocks, then yesterday's past 24:00
            d = day - delta
            if d < 0:
                continue
            wd = self.date(d).weekday()
            m = minute + 1440 * delta
            for days, f, t, ctx in self.places:
                if wd in days and f <= m < t:
                    return ctx
        return "location.home"

    # --- simulation
    def when(self, d, minute):
        base = dt.datetime.combine(self.date(d), dt.time(0, 0), tzinfo=self.tz)
        return base + dt.timedelta(minutes=minute)

    def simulate(self):
        rng = self.rng
        events = []
        for d in range(self.days):
            wd = self.date(d).weekday()
            week = d // 7
            for r in self.routines:
                if wd not in r["days"] or not (r["first"] <= d < r["last"]):
                    continue
                if r["weeks_mod"] and week % r["weeks_mod"][0] != r["weeks_mod"][1]:
                    continue
                if rng.random() >= r["p"]:
                    continue
                j = r["jitter"]
                off = max(-j, min(j, rng.gauss(0, j / 2)))
                minute = r["at"] + off + rng.random()          # seconds vary too
                k = rng.randint(*r["repeat"])
                for i in range(k):
                    if i:
                        minute += r["gap"] * (0.7 + 0.6 * rng.random())
                    t = r["target"]
                    t = t(d, rng) if callable(t) else t
                    ctx = list(r["context"])
                    for c, pc in r["maybe"]:
                        if rng.random() < pc:
                            ctx.append(c)
                    events.append((self.when(d, minute), t, ctx, r["name"]))
        n_routine = len(events)
        n_noise = round(n_routine * self.noise / (1 - self.noise))
        weights = [w for w, _ in self.noise_pool]
        for _ in range(n_noise):
            d = rng.randrange(self.days)
            wd = self.date(d).weekday()
            spans = self.awake[wd]
            total = sum(b - a for a, b in spans)
            x = rng.random() * total
            for a, b in spans:
                if x < b - a:
                    minute = a + x
                    break
                x -= b - a
            t = rng.choices(self.noise_pool, weights)[0][1]
            t = t(d, rng) if callable(t) else t
            ctx = [self.location_at(d, int(minute))]
            if ctx[0] == "location.commute" or rng.random() < 0.15:
                ctx.append("hardware.headphones")
            events.append((self.when(d, minute), t, ctx, "noise"))
        events.sort(key=lambda e: (e[0], dumps(e[1]), e[3]))
        self.n_routine, self.n_noise = n_routine, n_noise
        return events

    def records(self):
        events = self.simulate()
        out = self.apps + self.intents + self.entities + self.shortcuts + self.relevance
        self.events = events
        for at, t, ctx, _ in events:
            r = {"kind": "interaction"}
            r.update(t)
            r["at"] = at.replace(microsecond=0).isoformat(timespec="seconds")
            if ctx:
                r["context"] = ctx
            out.append(r)
        return out

    def meta(self):
        first_use = {}
        for at, t, _, _ in self.events:
            k = dumps(self.target_of(t))
            first_use.setdefault(k, at.date().isoformat())
        for n in self.new_items:
            n["firstUse"] = first_use.get(dumps(n["target"]))
        routines = []
        for r in self.routines:
            t = r["target"]
            routines.append({
                "name": r["name"],
                "days": [["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][x] for x in r["days"]],
                "at": f"{r['at'] // 60:02d}:{r['at'] % 60:02d}", "jitterMinutes": r["jitter"],
                "probability": r["p"], "context": r["context"],
                "maybeContext": [{"context": c, "probability": p} for c, p in r["maybe"]],
                "from": self.date(r["first"]).isoformat(),
                "until": self.date(r["last"]).isoformat(),
                "repeat": list(r["repeat"]),
                "target": None if callable(t) else self.target_of(t)})
        n = len(self.events)
        return {
            "person": self.person, "summary": self.summary, "utcOffset": self.offset,
            "start": self.start.isoformat(), "end": self.date(self.days).isoformat(),
            "weeks": self.weeks, "interactions": n, "routineEvents": self.n_routine,
            "noiseEvents": self.n_noise, "noiseShare": round(self.n_noise / n, 3),
            "distinctTargets": len({dumps(self.target_of(t)) for _, t, _, _ in self.events}),
            "habitChanges": self.habit_changes, "newItems": self.new_items,
            "relevance": [{"app": r["app"], "context": r["context"],
                           "entities": [e["id"] for e in r["entities"]]} for r in self.relevance],
            "routines": routines}

    def zipf_noise(self, templates, s=0.7):
        for i, t in enumerate(templates):
            self.noise_pool.append((1.0 / (i + 1) ** s, t))


# ============================================================ the commuter
def commuter():
    w = World("commuter", "Maya, a software engineer in San Francisco who takes Caltrain "
              "to Mountain View on weekdays, bikes on Saturdays, cooks on Sundays.",
              "-08:00", "2026-02-02", 10, noise=0.25)
    pod = w.app("podcasts", "Podcasts", ["Podcast Player", "Shows"])
    w.entity_type(pod, "ShowEntity", "PlayShow", "Play Show", "show")
    w.intent(pod, "ResumeListening", "Resume Listening", "Resume the last episode")
    w.shortcut(pod, "play-show", "PlayShow", "Play Show", "play.circle",
               ["Play ${show} in ${applicationName}", "Listen to ${show} on ${applicationName}"],
               {"name": "show", "type": "ShowEntity"})
    w.shortcut(pod, "resume", "ResumeListening", "Resume Listening", "playpause",
               ["Resume ${applicationName}", "Keep listening in ${applicationName}"])
    shows = {}
    for sid, title, sub, kw in [
        ("daily-brief", "The Daily Brief", "Morning news in 20 minutes", ["news", "daily"]),
        ("morning-signal", "Morning Signal", "Tech and business news", ["news", "tech"]),
        ("tech-tonight", "Tech Tonight", "Gadgets and startups", ["tech"]),
        ("history-hour", "History Hour", "Stories from the past", ["history"]),
        ("science-weekly", "Science Weekly", "New research, explained", ["science"]),
        ("the-long-read", "The Long Read", "Long-form journalism", ["essays"]),
        ("true-crime-files", "True Crime Files", "Cold cases reopened", ["crime"]),
        ("spanish-in-10", "Spanish in 10", "Ten-minute Spanish lessons", ["language", "spanish"]),
        ("cycling-cast", "The Cycling Cast", "Races, gear and routes", ["cycling", "bike"]),
        ("money-matters", "Money Matters", "Personal finance", ["finance"]),
    ]:
        shows[sid] = w.ent(pod, "ShowEntity", sid, title, sub, kw, hint=50)

    transit = w.app("transit", "Transit", ["Train Times", "Caltrain"])
    w.entity_type(transit, "StationEntity", "ShowDepartures", "Show Departures", "station")
    w.shortcut(transit, "next-train", "ShowDepartures", "Next Train", "tram",
               ["Next train from ${station} with ${applicationName}",
                "When is the next train in ${applicationName}"],
               {"name": "station", "type": "StationEntity"})
    st = {sid: w.ent(transit, "StationEntity", sid, title, "Caltrain", ["caltrain", "train"])
          for sid, title in [("22nd-street", "22nd Street"), ("mountain-view", "Mountain View"),
                             ("millbrae", "Millbrae"), ("palo-alto", "Palo Alto"),
                             ("san-francisco-4th-king", "San Francisco 4th & King")]}

    mail = w.app("mail", "Mail", ["Email", "Inbox"])
    w.entity_type(mail, "MailboxEntity", "OpenMailbox", "Open Mailbox", "mailbox")
    mb = {sid: w.ent(mail, "MailboxEntity", sid, title)
          for sid, title in [("work-inbox", "Work Inbox"), ("personal-inbox", "Personal Inbox"),
                             ("newsletters", "Newsletters"), ("receipts", "Receipts")]}

    cal = w.app("calendar", "Calendar", ["Agenda", "Schedule"])
    w.entity_type(cal, "EventEntity", "OpenEvent", "Open Event", "event")
    ev = {sid: w.ent(cal, "EventEntity", sid, title, sub)
          for sid, title, sub in [("standup", "Team Standup", "Weekdays 9:15, Room Redwood"),
                                  ("one-on-one-priya", "1:1 with Priya", "Tuesdays 14:00"),
                                  ("sprint-planning", "Sprint Planning", "Every other Monday"),
                                  ("design-review", "Design Review", "Thursdays 15:00"),
                                  ("dentist", "Dentist Appointment", "Dr. Okafor"),
                                  ("book-club", "Book Club", "Last Wednesday of the month")]}

    music = w.app("music", "Music", ["Songs", "Playlists"])
    w.entity_type(music, "PlaylistEntity", "PlayPlaylist", "Play Playlist", "playlist")
    w.shortcut(music, "play-playlist", "PlayPlaylist", "Play Playlist", "music.note.list",
               ["Play ${playlist} in ${applicationName}", "Put on ${playlist} with ${applicationName}"],
               {"name": "playlist", "type": "PlaylistEntity"})
    pl = {sid: w.ent(music, "PlaylistEntity", sid, title, kw[0], kw, hint=40)
          for sid, title, kw in [("drive-home", "Drive Home", ["evening", "commute"]),
                                 ("focus-flow", "Focus Flow", ["focus", "instrumental"]),
                                 ("sunday-morning", "Sunday Morning", ["acoustic", "weekend"]),
                                 ("saturday-chores", "Saturday Chores", ["pop", "upbeat"]),
                                 ("chill-evening", "Chill Evening", ["chill"]),
                                 ("90s-rock", "90s Rock", ["rock"]),
                                 ("road-trip", "Road Trip", ["driving"]),
                                 ("jazz-classics", "Jazz Classics", ["jazz"])]}

    food = w.app("lunchbox", "Lunchbox", ["Food Delivery", "Takeout"])
    w.entity_type(food, "RestaurantEntity", "OrderFrom", "Order From Restaurant", "restaurant")
    w.intent(food, "ReorderLast", "Reorder Last Meal", "Reorder my last meal")
    w.shortcut(food, "reorder", "ReorderLast", "Reorder Last Meal", "arrow.clockwise",
               ["Reorder my lunch with ${applicationName}", "Order the usual in ${applicationName}"])
    rest = {sid: w.ent(food, "RestaurantEntity", sid, title, sub, [sub.lower()])
            for sid, title, sub in [("pho-saigon", "Pho Saigon", "Vietnamese"),
                                    ("green-bowl", "Green Bowl", "Salads"),
                                    ("taqueria-el-sol", "Taqueria El Sol", "Mexican"),
                                    ("sushi-ran", "Sushi Ran", "Japanese"),
                                    ("curry-house", "Curry House", "Indian"),
                                    ("pizza-fratelli", "Pizza Fratelli", "Pizza")]}

    sleep = w.app("sleep", "Sleep Sounds", ["White Noise", "Sleep"])
    w.entity_type(sleep, "SoundEntity", "PlaySound", "Play Sound", "sound")
    w.shortcut(sleep, "play-sound", "PlaySound", "Play Sound", "moon.zzz",
               ["Play ${sound} in ${applicationName}", "Help me sleep with ${applicationName}"],
               {"name": "sound", "type": "SoundEntity"})
    snd = {sid: w.ent(sleep, "SoundEntity", sid, title)
           for sid, title in [("ocean-waves", "Ocean Waves"), ("rain", "Rain"),
                              ("brown-noise", "Brown Noise"), ("forest-night", "Forest Night")]}

    news = w.app("news", "News", ["Headlines"])
    weather = w.app("weather", "Weather", ["Forecast"])
    bikes = w.app("bikeroutes", "Bike Routes", ["Cycling", "Ride"])
    w.entity_type(bikes, "RouteEntity", "StartRide", "Start Ride", "route")
    w.shortcut(bikes, "start-ride", "StartRide", "Start Ride", "bicycle",
               ["Start a ride on ${route} with ${applicationName}", "Ride ${route} in ${applicationName}"],
               {"name": "route", "type": "RouteEntity"})
    rt = {sid: w.ent(bikes, "RouteEntity", sid, title, sub, ["bike", "ride"])
          for sid, title, sub in [("golden-gate-loop", "Golden Gate Loop", "38 km"),
                                  ("paradise-loop", "Paradise Loop", "45 km"),
                                  ("hawk-hill-climb", "Hawk Hill Climb", "22 km, new"),
                                  ("ocean-beach-cruise", "Ocean Beach Cruise", "15 km")]}

    recipes = w.app("recipes", "Recipes", ["Cookbook", "Meal Planner"])
    w.entity_type(recipes, "RecipeEntity", "OpenRecipe", "Open Recipe", "recipe")
    w.intent(recipes, "PlanWeek", "Plan Week", "Plan the week's meals")
    w.shortcut(recipes, "plan-week", "PlanWeek", "Plan Week", "calendar",
               ["Plan my week in ${applicationName}", "Make a meal plan with ${applicationName}"])
    rc = {sid: w.ent(recipes, "RecipeEntity", sid, title)
          for sid, title in [("lemon-pasta", "Lemon Pasta"), ("chicken-tikka", "Chicken Tikka"),
                             ("veggie-stir-fry", "Veggie Stir Fry"), ("shakshuka", "Shakshuka"),
                             ("miso-soup", "Miso Soup"), ("banana-bread", "Banana Bread")]}
    chat = w.app("chat", "Team Chat", ["Slack", "Work Chat"])
    w.entity_type(chat, "ChannelEntity", "OpenChannel", "Open Channel", "channel")
    ch = {sid: w.ent(chat, "ChannelEntity", sid, title)
          for sid, title in [("platform-team", "#platform-team"), ("priya", "Priya Raman"),
                             ("incidents", "#incidents"), ("random", "#random")]}
    notes = w.app("notes", "Notes", ["Memo"])
    photos = w.app("photos", "Photos", ["Gallery"])
    bank = w.app("bank", "Bank", ["Banking"])

    w.relevant("location.commute", [shows["daily-brief"], shows["tech-tonight"]])
    w.relevant("sleep.bedtime", [snd["ocean-waves"], snd["rain"]])

    # where she is
    w.place(WEEKDAYS, "07:50", "09:00", "location.commute")
    w.place(WEEKDAYS, "09:00", "17:30", "location.work")
    w.place(WEEKDAYS, "17:30", "18:40", "location.commute")
    w.awake_during(WEEKDAYS, "06:40", "23:30")
    w.awake_during(WEEKEND, "08:00", "24:00")

    switch_day = w.day(5, MON)
    hawk_day = w.day(4, SAT)
    w.new_item(w.use(rt["hawk-hill-climb"]), hawk_day, "a new bike route joins the Saturday ride rotation")
    H = ["location.home"]
    w.routine("wake: news", WEEKDAYS, "06:50", 30, w.launch(news), H + ["sleep.wakeup"], p=0.85)
    w.routine("wake: weather", WEEKDAYS, "07:05", 30, w.launch(weather), H, p=0.5)
    w.routine("next train (home)", WEEKDAYS, "07:40", 30,
              w.sc(transit, "next-train", st["22nd-street"]), H, p=0.8)
    w.routine("commute podcast", WEEKDAYS, "08:00", 35,
              w.switch(w.sc(pod, "play-show", shows["daily-brief"]),
                       w.sc(pod, "play-show", shows["morning-signal"]), switch_day,
                       "morning commute podcast: The Daily Brief -> Morning Signal"),
              ["location.commute", "hardware.headphones"], p=0.9)
    w.routine("commute second episode", WEEKDAYS, "08:30", 20,
              w.pick((3, w.use(shows["tech-tonight"])), (1, w.sc(pod, "resume"))),
              ["location.commute", "hardware.headphones"], p=0.4)
    w.routine("standup", WEEKDAYS, "09:10", 20, w.use(ev["standup"]), ["location.work"], p=0.85)
    w.routine("work mail", WEEKDAYS, "09:40", 40, w.use(mb["work-inbox"]), ["location.work"],
              p=0.95, repeat=(2, 5), gap=100)
    w.routine("team chat", WEEKDAYS, "10:30", 45, w.use(ch["platform-team"]), ["location.work"],
              p=0.9, repeat=(2, 4), gap=110)
    w.routine("focus music", WEEKDAYS, "10:15", 45, w.use(pl["focus-flow"]),
              ["location.work", "hardware.headphones"], p=0.5)
    w.routine("1:1", (TUE,), "14:00", 30, w.use(ev["one-on-one-priya"]), ["location.work"], p=0.9)
    w.routine("design review", (THU,), "15:00", 30, w.use(ev["design-review"]), ["location.work"], p=0.9)
    w.routine("sprint planning", (MON,), "10:00", 30, w.use(ev["sprint-planning"]),
              ["location.work"], p=0.95, weeks_mod=(2, 0))
    w.routine("lunch order", (MON, TUE, WED, THU), "12:15", 30,
              w.pick((4, w.use(rest["pho-saigon"])), (6, w.use(rest["green-bowl"])),
                     (2, w.sc(food, "reorder"))), ["location.work"], p=0.75)
    w.routine("taco friday", (FRI,), "12:15", 30, w.use(rest["taqueria-el-sol"]), ["location.work"], p=0.85)
    w.routine("next train (work)", WEEKDAYS, "17:30", 30,
              w.sc(transit, "next-train", st["mountain-view"]), ["location.work"], p=0.7)
    w.routine("drive home music", WEEKDAYS, "17:55", 40, w.sc(music, "play-playlist", pl["drive-home"]),
              ["location.commute", "hardware.headphones"], p=0.85)
    w.routine("dinner recipe", WEEKDAYS, "19:00", 45,
              w.pick((3, w.use(rc["lemon-pasta"])), (2, w.use(rc["veggie-stir-fry"])),
                     (2, w.use(rc["chicken-tikka"])), (1, w.use(rc["shakshuka"]))), H, p=0.5)
    w.routine("personal mail", EVERY_DAY, "20:30", 60, w.use(mb["personal-inbox"]), H, p=0.6)
    w.routine("bedtime sounds", EVERY_DAY, "22:45", 40, w.sc(sleep, "play-sound", snd["ocean-waves"]),
              H + ["sleep.bedtime"], p=0.8)
    w.routine("weekend news", WEEKEND, "08:40", 40, w.launch(news), H + ["sleep.wakeup"], p=0.6)
    w.routine("saturday ride", (SAT,), "09:30", 45,
              lambda d, rng: w.use(rng.choice(
                  [rt["golden-gate-loop"], rt["paradise-loop"]] +
                  ([rt["hawk-hill-climb"]] * 2 if d >= hawk_day else []))),
              H + ["fitness.workoutActive", "audio.workout.cycling"], p=0.8)
    w.routine("saturday chores music", (SAT,), "13:00", 45, w.use(pl["saturday-chores"]), H, p=0.7)
    w.routine("sunday music", (SUN,), "09:15", 45, w.use(pl["sunday-morning"]), H, p=0.8)
    w.routine("sunday meal plan", (SUN,), "17:30", 45, w.sc(recipes, "plan-week"), H, p=0.85)

    w.zipf_noise([w.launch(photos), w.use(shows["history-hour"]), w.use(pl["chill-evening"]),
                  w.use(mb["newsletters"]), w.launch(notes), w.use(shows["science-weekly"]),
                  w.use(rest["sushi-ran"]), w.launch(bank), w.use(pl["90s-rock"]),
                  w.use(shows["the-long-read"]), w.use(rc["banana-bread"]), w.use(ev["dentist"]),
                  w.use(shows["spanish-in-10"]), w.use(st["millbrae"]), w.use(mb["receipts"]),
                  w.use(rest["curry-house"]), w.use(pl["jazz-classics"]), w.use(shows["cycling-cast"]),
                  w.use(rt["ocean-beach-cruise"]), w.use(snd["rain"]), w.use(rc["miso-soup"]),
                  w.use(pl["road-trip"]), w.use(ev["book-club"]), w.use(shows["true-crime-files"]),
                  w.use(rest["pizza-fratelli"]), w.use(st["palo-alto"]), w.use(shows["money-matters"]),
                  w.use(snd["forest-night"]), w.use(st["san-francisco-4th-king"]), w.launch(music),
                  w.use(ch["incidents"]), w.use(ch["priya"]), w.use(ch["random"])])
    return w


# ============================================================ the runner
def runner():
    w = World("runner", "Jonas, an office worker in Berlin training for a marathon: runs "
              "Tue/Thu at dawn and Sat long, gym Mon/Wed evening.",
              "+01:00", "2026-03-02", 12, noise=0.22)
    music = w.app("music", "Music", ["Songs", "Playlists"])
    w.entity_type(music, "PlaylistEntity", "PlayPlaylist", "Play Playlist", "playlist")
    w.intent(music, "ShuffleLibrary", "Shuffle Library", "Shuffle all songs")
    w.shortcut(music, "play-playlist", "PlayPlaylist", "Play Playlist", "music.note.list",
               ["Play ${playlist} in ${applicationName}", "Start ${playlist} on ${applicationName}"],
               {"name": "playlist", "type": "PlaylistEntity"})
    w.shortcut(music, "shuffle", "ShuffleLibrary", "Shuffle Library", "shuffle",
               ["Shuffle ${applicationName}", "Shuffle my songs in ${applicationName}"])
    pl = {sid: w.ent(music, "PlaylistEntity", sid, title, sub, kw, hint=h)
          for sid, title, sub, kw, h in [
              ("tempo-run", "Tempo Run", "170 bpm", ["running", "tempo"], 55),
              ("marathon-build", "Marathon Build", "Long steady miles", ["running", "marathon"], 50),
              ("easy-miles", "Easy Miles", "Recovery pace", ["running", "easy"], 45),
              ("race-day-mix", "Race Day Mix", "For the big day", ["running", "race"], 60),
              ("strength-mix", "Strength Mix", "Heavy lifting", ["gym", "workout"], 50),
              ("stretch-and-breathe", "Stretch & Breathe", "Yoga and mobility", ["yoga"], 40),
              ("focus-beats", "Focus Beats", "Deep work", ["focus"], 40),
              ("indie-sunday", "Indie Sunday", "", ["indie"], 30),
              ("jazz-nights", "Jazz Nights", "", ["jazz"], 30),
              ("80s-classics", "80s Classics", "", ["retro"], 30),
              ("techno-berlin", "Techno Berlin", "", ["techno"], 30),
              ("kochen-mit-musik", "Kochen mit Musik", "Cooking tunes", ["kochen"], 30)]}

    stride = w.app("stride", "Stride", ["Running Tracker", "Workout Log"])
    w.entity_type(stride, "RouteEntity", "StartRun", "Start Run", "route")
    w.intent(stride, "StartWorkout", "Start Workout", "Start ${workout}",
             [{"name": "workout", "type": "WorkoutKind"}])
    w.intent(stride, "LogWeight", "Log Weight", "Log body weight")
    w.intent(stride, "ShowWeek", "Show Training Week", "Show this week's training")
    w.shortcut(stride, "start-run", "StartRun", "Start Run", "figure.run",
               ["Start a run on ${route} with ${applicationName}", "Run ${route} in ${applicationName}"],
               {"name": "route", "type": "RouteEntity"})
    w.shortcut(stride, "start-workout", "StartWorkout", "Start Workout", "figure.strengthtraining.traditional",
               ["Start ${workout} in ${applicationName}", "Begin a ${workout} workout with ${applicationName}"],
               {"name": "workout", "type": "WorkoutKind",
                "cases": [{"id": "run", "title": "Run"}, {"id": "ride", "title": "Ride"},
                          {"id": "strength", "title": "Strength"}, {"id": "yoga", "title": "Yoga"}]})
    w.shortcut(stride, "log-weight", "LogWeight", "Log Weight", "scalemass",
               ["Log my weight in ${applicationName}"])
    w.shortcut(stride, "training-week", "ShowWeek", "Training Week", "calendar",
               ["Show my training week in ${applicationName}"])
    rt = {sid: w.ent(stride, "RouteEntity", sid, title, sub, ["run", "route"], hint=50)
          for sid, title, sub in [("tiergarten-loop", "Tiergarten Loop", "8 km"),
                                  ("track-intervals", "Track Intervals", "Stadion Wilmersdorf, 6x800 m"),
                                  ("spree-riverside-10k", "Spree Riverside 10K", "10 km"),
                                  ("grunewald-long-run", "Grunewald Long Run", "24-32 km"),
                                  ("tempelhof-field-loop", "Tempelhof Field Loop", "6 km, new"),
                                  ("mauerweg-half", "Mauerweg Half", "21 km")]}

    pod = w.app("podcasts", "Podcasts", ["Shows"])
    w.entity_type(pod, "ShowEntity", "PlayShow", "Play Show", "show")
    sh = {sid: w.ent(pod, "ShowEntity", sid, title)
          for sid, title in [("berlin-briefing", "Berlin Briefing"), ("marathon-talk", "Marathon Talk"),
                             ("science-of-sport", "Science of Sport"), ("lage-der-nation", "Lage der Nation"),
                             ("football-weekly", "Football Weekly")]}
    mail = w.app("mail", "Mail", ["Email"])
    w.entity_type(mail, "MailboxEntity", "OpenMailbox", "Open Mailbox", "mailbox")
    mb = {sid: w.ent(mail, "MailboxEntity", sid, title)
          for sid, title in [("work", "Work"), ("private", "Privat"), ("club", "Laufverein")]}
    cal = w.app("calendar", "Calendar", ["Kalender"])
    w.entity_type(cal, "EventEntity", "OpenEvent", "Open Event", "event")
    ev = {sid: w.ent(cal, "EventEntity", sid, title)
          for sid, title in [("weekly-sync", "Weekly Sync"), ("client-call", "Client Call"),
                             ("physio", "Physio"), ("berlin-half-marathon", "Berlin Half Marathon")]}
    recipes = w.app("recipes", "Recipes", ["Rezepte"])
    w.entity_type(recipes, "RecipeEntity", "OpenRecipe", "Open Recipe", "recipe")
    rc = {sid: w.ent(recipes, "RecipeEntity", sid, title)
          for sid, title in [("recovery-smoothie", "Recovery Smoothie"), ("overnight-oats", "Overnight Oats"),
                             ("pasta-carbonara", "Pasta Carbonara"), ("lentil-curry", "Lentil Curry"),
                             ("protein-pancakes", "Protein Pancakes")]}
    bvg = w.app("transit", "BVG Fahrinfo", ["Transit", "U-Bahn"])
    health = w.app("health", "Health", ["Fitness"])
    news = w.app("news", "Tagesschau", ["News"])
    chat = w.app("chat", "Messenger", ["Chat"])
    w.entity_type(chat, "ConversationEntity", "OpenConversation", "Open Conversation", "conversation")
    cv_work = {sid: w.ent(chat, "ConversationEntity", sid, title)
               for sid, title in [("team", "Team Produkt"), ("lena", "Lena"), ("lauftreff", "Lauftreff Kreuzberg")]}

    w.relevant("audio.workout.running", [pl["race-day-mix"], pl["tempo-run"]])
    w.relevant("audio.workout.intensity.high", [pl["strength-mix"]])
    w.relevant("location.gym", [pl["strength-mix"]])

    w.place(WEEKDAYS, "08:10", "08:50", "location.commute")
    w.place(WEEKDAYS, "08:50", "17:30", "location.work")
    w.place(WEEKDAYS, "17:30", "18:00", "location.commute")
    w.place((MON, WED), "18:15", "19:45", "location.gym")
    w.awake_during(WEEKDAYS, "06:00", "23:00")
    w.awake_during(WEEKEND, "07:30", "23:30")

    switch_day = w.day(6, MON)
    tempelhof_day = w.day(4, SUN)
    race_day = w.day(11, SUN)
    w.new_item(w.use(rt["tempelhof-field-loop"]), tempelhof_day, "a new Sunday recovery run replaces Sunday yoga")
    w.new_item(w.use(rt["mauerweg-half"]), w.day(8, SAT), "a new long-run route from week 9")
    w.new_item(w.use(ev["berlin-half-marathon"]), w.day(10, MON), "the race event gets looked at in the last two weeks")
    RUN = ["location.home", "fitness.workoutActive", "audio.workout.running", "hardware.headphones"]
    run_pl = w.switch(w.sc(music, "play-playlist", pl["tempo-run"]),
                      w.sc(music, "play-playlist", pl["marathon-build"]), switch_day,
                      "running playlist: Tempo Run -> Marathon Build")
    w.routine("weigh-in", EVERY_DAY, "06:45", 30, w.sc(stride, "log-weight"),
              ["location.home", "sleep.wakeup"], p=0.55)
    w.routine("tue run", (TUE,), "06:20", 30, w.use(rt["tiergarten-loop"]), RUN, p=0.9)
    w.routine("thu run", (THU,), "06:20", 30,
              w.pick((2, w.use(rt["track-intervals"])), (1, w.use(rt["spree-riverside-10k"]))),
              RUN + ["audio.workout.intensity.high"], p=0.85)
    w.routine("run music (weekday)", (TUE, THU), "06:25", 30, run_pl, RUN, p=0.85)
    w.routine("long run", (SAT,), "08:00", 45,
              lambda d, rng: w.use(rt["mauerweg-half"] if d >= w.day(8, SAT) and rng.random() < 0.6
                                   else rt["grunewald-long-run"]),
              RUN + ["audio.workout.intensity.low"], p=0.9, last=race_day)
    w.routine("long run music", (SAT,), "08:05", 45, run_pl, RUN + ["audio.workout.intensity.low"], p=0.85)
    w.routine("race day", (SUN,), "08:45", 20, w.sc(music, "play-playlist", pl["race-day-mix"]),
              RUN + ["audio.workout.intensity.high"], p=1.0, first=race_day, last=race_day + 1)
    w.routine("sunday yoga", (SUN,), "10:00", 45, w.sc(stride, "start-workout"),
              ["location.home", "fitness.workoutActive"], p=0.8, last=tempelhof_day)
    w.routine("sunday yoga music", (SUN,), "10:05", 45, w.use(pl["stretch-and-breathe"]),
              ["location.home", "fitness.workoutActive"], p=0.6, last=tempelhof_day)
    w.routine("sunday recovery run", (SUN,), "10:00", 45, w.use(rt["tempelhof-field-loop"]),
              RUN + ["audio.workout.intensity.low"], p=0.85, first=tempelhof_day, last=race_day)
    w.routine("sunday recovery music", (SUN,), "10:05", 45, w.use(pl["easy-miles"]),
              RUN + ["audio.workout.intensity.low"], p=0.7, first=tempelhof_day, last=race_day)
    w.routine("post-run review", (TUE, THU, SAT), "07:35", 30, w.launch(stride),
              ["location.home", "fitness.workoutActive"], p=0.7)
    w.routine("work chat", WEEKDAYS, "09:45", 40, w.use(cv_work["team"]), ["location.work"],
              p=0.9, repeat=(3, 5), gap=90)
    w.routine("post-run smoothie", (TUE, THU, SAT), "08:00", 40, w.use(rc["recovery-smoothie"]),
              ["location.home"], p=0.5)
    w.routine("commute news", WEEKDAYS, "08:15", 25,
              w.pick((3, w.use(sh["berlin-briefing"])), (1, w.launch(bvg))),
              ["location.commute", "hardware.headphones"], p=0.85)
    w.routine("work mail", WEEKDAYS, "09:15", 30, w.use(mb["work"]), ["location.work"],
              p=0.95, repeat=(2, 4), gap=120)
    w.routine("focus", WEEKDAYS, "10:00", 45, w.use(pl["focus-beats"]),
              ["location.work", "hardware.headphones"], p=0.55)
    w.routine("weekly sync", (MON,), "10:30", 20, w.use(ev["weekly-sync"]), ["location.work"], p=0.9)
    w.routine("client call", (WED,), "15:00", 30, w.use(ev["client-call"]), ["location.work"], p=0.8)
    w.routine("gym start", (MON, WED), "18:30", 30, w.sc(stride, "start-workout"),
              ["location.gym", "fitness.workoutActive"], p=0.85)
    w.routine("gym music", (MON, WED), "18:32", 30, w.sc(music, "play-playlist", pl["strength-mix"]),
              ["location.gym", "fitness.workoutActive", "hardware.headphones",
               "audio.workout", "audio.workout.intensity.high"], p=0.8)
    w.routine("dinner", EVERY_DAY, "19:30", 45,
              w.pick((3, w.use(rc["pasta-carbonara"])), (3, w.use(rc["lentil-curry"])),
                     (1, w.use(pl["kochen-mit-musik"]))), ["location.home"], p=0.45)
    w.routine("prep oats", (MON, WED, FRI), "21:30", 40, w.use(rc["overnight-oats"]), ["location.home"], p=0.6)
    w.routine("training week", (SUN,), "20:00", 45, w.sc(stride, "training-week"), ["location.home"], p=0.8)
    w.routine("evening chat", EVERY_DAY, "21:00", 60, w.launch(chat), ["location.home"], p=0.5)
    w.routine("bedtime podcast", EVERY_DAY, "22:30", 30,
              w.pick((2, w.use(sh["science-of-sport"])), (1, w.use(sh["marathon-talk"]))),
              ["location.home", "sleep.bedtime", "hardware.headphones"], p=0.45)
    w.routine("race prep", EVERY_DAY, "20:30", 60, w.use(ev["berlin-half-marathon"]), ["location.home"],
              p=0.35, first=w.day(10, MON), last=race_day)

    w.zipf_noise([w.launch(news), w.use(mb["private"]), w.launch(health), w.use(pl["indie-sunday"]),
                  w.use(sh["lage-der-nation"]), w.sc(music, "shuffle"), w.use(mb["club"]),
                  w.use(ev["physio"]), w.use(pl["techno-berlin"]), w.use(rc["protein-pancakes"]),
                  w.use(pl["jazz-nights"]), w.use(sh["football-weekly"]), w.launch(bvg),
                  w.use(pl["80s-classics"]), w.use(rt["spree-riverside-10k"]), w.use(sh["marathon-talk"]),
                  w.launch(stride), w.use(pl["easy-miles"]), w.launch(music), w.use(cv_work["lena"]),
                  w.use(cv_work["lauftreff"])])
    return w


# ============================================================ the student
def student():
    w = World("student", "Aiko, a university student in Tokyo: lectures by weekday, "
              "flashcards in the library, a Saturday café job, late nights.",
              "+09:00", "2026-04-06", 10, noise=0.27)
    notes = w.app("notebook", "Notebook", ["Notes", "ノート"])
    w.entity_type(notes, "NotebookEntity", "OpenNotebook", "Open Notebook", "notebook")
    w.intent(notes, "NewNote", "New Note", "Create a note")
    w.shortcut(notes, "open-notebook", "OpenNotebook", "Open Notebook", "book",
               ["Open ${notebook} in ${applicationName}", "${applicationName}で${notebook}を開く"],
               {"name": "notebook", "type": "NotebookEntity"})
    w.shortcut(notes, "new-note", "NewNote", "New Note", "square.and.pencil",
               ["New note in ${applicationName}", "${applicationName}でメモを作成"])
    nb = {sid: w.ent(notes, "NotebookEntity", sid, title, sub, kw)
          for sid, title, sub, kw in [
              ("linear-algebra", "線形代数 講義ノート", "Linear Algebra · 月水金 1限", ["数学", "linear algebra"]),
              ("japanese-literature", "日本文学史", "Japanese Literature · 火木 2限", ["文学"]),
              ("urban-sociology", "都市社会学ゼミ", "Urban Sociology seminar · 金 3限", ["ゼミ", "seminar"]),
              ("statistics", "統計学 演習", "Statistics exercises · 月木 4限 (from May)", ["統計", "statistics"]),
              ("english-reading", "English Reading", "火 4限", ["english"]),
              ("research-ideas", "卒論アイデア", "Thesis ideas", ["thesis"]),
              ("shopping", "買い物リスト", "Shopping", ["shopping"])]}
    cards = w.app("flashcards", "Flashcards", ["単語帳", "Vocabulary"])
    w.entity_type(cards, "DeckEntity", "StudyDeck", "Study Deck", "deck")
    w.shortcut(cards, "study-deck", "StudyDeck", "Study Deck", "rectangle.stack",
               ["Study ${deck} with ${applicationName}", "${applicationName}で${deck}を勉強"],
               {"name": "deck", "type": "DeckEntity"})
    dk = {sid: w.ent(cards, "DeckEntity", sid, title, sub)
          for sid, title, sub in [("toeic-words", "TOEIC 英単語 800", "TOEIC vocabulary"),
                                  ("gre-vocabulary", "GRE Vocabulary", "Graduate school prep"),
                                  ("stats-formulas", "統計 公式", "Statistics formulas"),
                                  ("kanji-n1", "漢検準1級", "Kanji")]}
    chat = w.app("chat", "Chatter", ["Messages", "チャット"])
    w.entity_type(chat, "ConversationEntity", "OpenConversation", "Open Conversation", "conversation")
    cv = {sid: w.ent(chat, "ConversationEntity", sid, title)
          for sid, title in [("circle", "テニスサークル"), ("mom", "お母さん"), ("haruka", "Haruka"),
                             ("stats-study-group", "統計 勉強会"), ("cafe-staff", "カフェ スタッフ"),
                             ("kenta", "Kenta")]}
    tr = w.app("norikae", "乗換案内", ["Transit", "Norikae", "乗換"])
    w.entity_type(tr, "RouteEntity", "ShowRoute", "Show Route", "route")
    ro = {sid: w.ent(tr, "RouteEntity", sid, title, sub)
          for sid, title, sub in [("home-campus", "自宅 → 大学", "Home to campus"),
                                  ("campus-home", "大学 → 自宅", "Campus to home"),
                                  ("home-cafe", "自宅 → 下北沢", "Home to the café"),
                                  ("shibuya", "渋谷", "Shibuya")]}
    music = w.app("music", "Music", ["音楽", "Songs"])
    w.entity_type(music, "PlaylistEntity", "PlayPlaylist", "Play Playlist", "playlist")
    pl = {sid: w.ent(music, "PlaylistEntity", sid, title)
          for sid, title in [("morning-jpop", "Morning J-Pop"), ("lofi-study", "Lo-fi Study"),
                             ("city-pop", "City Pop"), ("anime-hits", "アニメ ヒット"),
                             ("k-pop-mix", "K-Pop Mix"), ("rainy-day", "雨の日")]}
    shifts = w.app("shiftboard", "ShiftBoard", ["バイト", "Part-time"])
    w.intent(shifts, "ClockIn", "Clock In", "Clock in")
    w.intent(shifts, "ClockOut", "Clock Out", "Clock out")
    w.shortcut(shifts, "clock-in", "ClockIn", "Clock In", "clock",
               ["Clock in with ${applicationName}", "${applicationName}で出勤"])
    w.shortcut(shifts, "clock-out", "ClockOut", "Clock Out", "clock.badge.checkmark",
               ["Clock out with ${applicationName}", "${applicationName}で退勤"])
    alarm = w.app("alarm", "Alarm", ["目覚まし", "Clock"])
    w.entity_type(alarm, "AlarmEntity", "ToggleAlarm", "Toggle Alarm", "alarm")
    al = {sid: w.ent(alarm, "AlarmEntity", sid, title)
          for sid, title in [("weekday-0700", "平日 7:00"), ("weekend-0930", "週末 9:30"),
                             ("saturday-0830", "土曜バイト 8:30")]}
    video = w.app("video", "Video", ["動画"])
    lib = w.app("library", "Library", ["図書館"])
    w.entity_type(lib, "BookEntity", "OpenBook", "Open Book", "book")
    bk = {sid: w.ent(lib, "BookEntity", sid, title)
          for sid, title in [("intro-stats", "統計学入門"), ("tale-of-genji", "源氏物語"),
                             ("strang-la", "Introduction to Linear Algebra")]}
    photos = w.app("photos", "Photos", ["写真"])
    pay = w.app("pay", "PayPay", ["Wallet"])
    snaps = w.app("snaps", "Snaps", ["Social", "インスタ"])

    w.relevant("location.school", [dk["gre-vocabulary"]])
    w.relevant("location.school", [nb["linear-algebra"]])
    w.relevant("hardware.headphones", [pl["lofi-study"]])

    w.place(WEEKDAYS, "08:20", "09:00", "location.commute")
    w.place(WEEKDAYS, "09:00", "18:00", "location.school")
    w.place(WEEKDAYS, "18:00", "18:45", "location.commute")
    w.place((SAT,), "10:15", "10:50", "location.commute")
    w.place((SAT,), "10:50", "17:30", "location.work")
    w.awake_during(WEEKDAYS, "07:00", "25:00")
    w.awake_during(WEEKEND, "09:00", "25:30")

    switch_day = w.day(5, MON)
    stats_day = w.day(3, MON)
    w.new_item(w.use(nb["statistics"]), stats_day, "the statistics course starts in week 4")
    w.new_item(w.use(cv["stats-study-group"]), stats_day, "a study-group chat for the new course")
    H = ["location.home"]
    S = ["location.school"]
    w.routine("wake chat", WEEKDAYS, "07:15", 30, w.use(cv["circle"]), H + ["sleep.wakeup"], p=0.6)
    w.routine("route to campus", WEEKDAYS, "08:05", 25, w.use(ro["home-campus"]), H, p=0.75)
    w.routine("commute music", WEEKDAYS, "08:30", 25, w.use(pl["morning-jpop"]),
              ["location.commute", "hardware.headphones"], p=0.8)
    w.routine("linear algebra", (MON, WED, FRI), "09:00", 20,
              w.sc(notes, "open-notebook", nb["linear-algebra"]), S, p=0.9, repeat=(1, 2), gap=45)
    w.routine("literature", (TUE, THU), "10:40", 20, w.use(nb["japanese-literature"]), S, p=0.9, repeat=(1, 2), gap=45)
    w.routine("seminar", (FRI,), "13:00", 20, w.use(nb["urban-sociology"]), S, p=0.85)
    w.routine("english", (TUE,), "14:40", 20, w.use(nb["english-reading"]), S, p=0.8)
    w.routine("statistics", (MON, THU), "14:40", 20, w.use(nb["statistics"]), S, p=0.9, first=stats_day, repeat=(1, 2), gap=45)
    w.routine("stats group", (MON, THU), "16:30", 40, w.use(cv["stats-study-group"]), S, p=0.6,
              first=stats_day)
    w.routine("lunch chat", WEEKDAYS, "12:20", 30, w.use(cv["circle"]), S, p=0.7, repeat=(1, 3), gap=15)
    w.routine("train flashcards", WEEKDAYS, "08:40", 20, w.sc(cards, "study-deck", dk["kanji-n1"]),
              ["location.commute", "hardware.headphones"], p=0.5)
    w.routine("late chat", EVERY_DAY, "23:15", 45,
              w.pick((2, w.use(cv["haruka"])), (1, w.use(cv["kenta"]))), H, p=0.75, repeat=(1, 4), gap=20)
    w.routine("library flashcards", WEEKDAYS, "15:30", 45,
              w.switch(w.sc(cards, "study-deck", dk["toeic-words"]),
                       w.sc(cards, "study-deck", dk["gre-vocabulary"]), switch_day,
                       "library vocabulary deck: TOEIC -> GRE"),
              S, p=0.85, repeat=(1, 2), gap=40)
    w.routine("study music", WEEKDAYS, "17:15", 40, w.use(pl["lofi-study"]),
              S + ["hardware.headphones"], p=0.6)
    w.routine("route home", WEEKDAYS, "18:00", 30, w.use(ro["campus-home"]), S, p=0.6)
    w.routine("evening video", EVERY_DAY, "21:45", 50, w.launch(video), H, p=0.65, repeat=(1, 2), gap=50)
    w.routine("lunch scroll", WEEKDAYS, "12:45", 20, w.launch(snaps), S, p=0.6)
    w.routine("bed scroll", EVERY_DAY, "24:15", 30, w.launch(snaps), H, p=0.5)
    w.routine("call mom", (SUN,), "20:00", 40, w.use(cv["mom"]), H, p=0.9)
    w.routine("set alarm (weeknights)", (SUN, MON, TUE, WED, THU), "24:40", 40,
              w.use(al["weekday-0700"]), H + ["sleep.bedtime"], p=0.75)
    w.routine("set alarm (friday)", (FRI,), "25:00", 40, w.use(al["saturday-0830"]), H + ["sleep.bedtime"], p=0.8)
    w.routine("set alarm (saturday)", (SAT,), "25:00", 40, w.use(al["weekend-0930"]), H + ["sleep.bedtime"], p=0.7)
    w.routine("route to café", (SAT,), "10:00", 20, w.use(ro["home-cafe"]), H, p=0.8)
    w.routine("clock in", (SAT,), "10:55", 10, w.sc(shifts, "clock-in"), ["location.work"], p=0.95, tight=True)
    w.routine("café staff chat", (SAT,), "14:00", 60, w.use(cv["cafe-staff"]), ["location.work"], p=0.5)
    w.routine("clock out", (SAT,), "17:05", 10, w.sc(shifts, "clock-out"), ["location.work"], p=0.95, tight=True)
    w.routine("sunday city pop", (SUN,), "11:30", 50, w.use(pl["city-pop"]), H, p=0.7)
    w.routine("sunday thesis", (SUN,), "15:00", 60, w.use(nb["research-ideas"]), H, p=0.5)

    w.zipf_noise([w.launch(photos), w.use(cv["haruka"]), w.launch(pay), w.use(pl["anime-hits"]),
                  w.use(bk["intro-stats"]), w.sc(notes, "new-note"), w.use(nb["shopping"]),
                  w.use(ro["shibuya"]), w.use(cv["kenta"]), w.use(pl["k-pop-mix"]),
                  w.use(dk["kanji-n1"]), w.use(bk["tale-of-genji"]), w.use(pl["rainy-day"]),
                  w.use(dk["stats-formulas"]), w.use(bk["strang-la"]), w.launch(lib),
                  w.launch(music), w.use(cv["mom"])])
    return w


# ============================================================ the night-shift worker
def nightshift():
    w = World("nightshift", "Dana, an ICU nurse in Chicago on night shifts Wed-Sat "
              "(19:00-07:30), asleep in the morning, off Sun-Tue.",
              "-06:00", "2026-01-12", 10, noise=0.24)
    books = w.app("audiobooks", "Audiobooks", ["Books", "Listen"])
    w.entity_type(books, "BookEntity", "PlayBook", "Play Book", "book")
    w.shortcut(books, "continue-book", "PlayBook", "Continue Book", "headphones",
               ["Continue ${book} in ${applicationName}", "Read ${book} to me with ${applicationName}"],
               {"name": "book", "type": "BookEntity"})
    bk = {sid: w.ent(books, "BookEntity", sid, title, sub)
          for sid, title, sub in [("glass-orchard", "The Glass Orchard", "Novel, 14 h"),
                                  ("salt-road", "The Salt Road", "Novel, 11 h"),
                                  ("north-of-midnight", "North of Midnight", "Thriller, 9 h"),
                                  ("field-guide-to-quiet", "A Field Guide to Quiet", "Essays, 6 h")]}
    sn = w.app("shiftnotes", "Shift Notes", ["Nursing Notes", "Checklists"])
    w.entity_type(sn, "ChecklistEntity", "OpenChecklist", "Open Checklist", "checklist")
    w.intent(sn, "NewHandoff", "New Handoff", "Start a handoff report")
    w.shortcut(sn, "new-handoff", "NewHandoff", "New Handoff", "list.clipboard",
               ["Start a handoff in ${applicationName}", "New handoff report with ${applicationName}"])
    ck = {sid: w.ent(sn, "ChecklistEntity", sid, title)
          for sid, title in [("handoff", "Handoff Checklist"), ("med-pass-0200", "Med Pass 02:00"),
                             ("vitals-round", "Vitals Round"),
                             ("incident-log", "Incident Log"), ("supply-count", "Supply Count")]}
    calc = w.app("medcalc", "MedCalc", ["Dosage Calculator", "Drug Reference"])
    w.entity_type(calc, "CalculatorEntity", "OpenCalculator", "Open Calculator", "calculator")
    mc = {sid: w.ent(calc, "CalculatorEntity", sid, title)
          for sid, title in [("heparin-drip", "Heparin Drip"), ("insulin-sliding-scale", "Insulin Sliding Scale"),
                             ("iv-flow-rate", "IV Flow Rate"), ("pediatric-dosing", "Pediatric Dosing"),
                             ("gcs", "Glasgow Coma Scale")]}
    sleep = w.app("sleep", "Sleep Sounds", ["White Noise"])
    w.entity_type(sleep, "SoundEntity", "PlaySound", "Play Sound", "sound")
    w.shortcut(sleep, "play-sound", "PlaySound", "Play Sound", "moon.zzz",
               ["Play ${sound} in ${applicationName}", "Help me sleep with ${applicationName}"],
               {"name": "sound", "type": "SoundEntity"})
    sd = {sid: w.ent(sleep, "SoundEntity", sid, title)
          for sid, title in [("brown-noise", "Brown Noise"), ("rain-on-tin-roof", "Rain on Tin Roof"),
                             ("fan-hum", "Fan Hum"), ("thunderstorm", "Thunderstorm")]}
    music = w.app("music", "Music", ["Songs"])
    w.entity_type(music, "PlaylistEntity", "PlayPlaylist", "Play Playlist", "playlist")
    pl = {sid: w.ent(music, "PlaylistEntity", sid, title)
          for sid, title in [("wind-down", "Wind Down"), ("night-drive", "Night Drive"),
                             ("gym-energy", "Gym Energy"), ("country-roads", "Country Roads"),
                             ("motown", "Motown Gold")]}
    game = w.app("wordgrid", "Word Grid", ["Puzzle", "Game"])
    groc = w.app("groceries", "Groceries", ["Shopping List"])
    w.entity_type(groc, "ListEntity", "OpenList", "Open List", "list")
    gl = {sid: w.ent(groc, "ListEntity", sid, title)
          for sid, title in [("weekly-shop", "Weekly Shop"), ("costco-run", "Costco Run"),
                             ("pharmacy", "Pharmacy")]}
    gym = w.app("gymlog", "Gym Log", ["Workouts"])
    w.entity_type(gym, "WorkoutEntity", "StartWorkout", "Start Workout", "workout")
    wk = {sid: w.ent(gym, "WorkoutEntity", sid, title)
          for sid, title in [("leg-day", "Leg Day"), ("upper-body", "Upper Body"),
                             ("treadmill-5k", "Treadmill 5K")]}
    chat = w.app("messages", "Messages", ["Texts", "SMS"])
    w.entity_type(chat, "ConversationEntity", "OpenConversation", "Open Conversation", "conversation")
    cv = {sid: w.ent(chat, "ConversationEntity", sid, title)
          for sid, title in [("sam", "Sam"), ("night-team", "Night Team 4B"), ("mom", "Mom"),
                             ("charge-nurse", "Charge Nurse Lee")]}
    roster = w.app("shiftplanner", "Shift Planner", ["Roster", "Schedule"])
    w.intent(roster, "ShowShifts", "Show My Shifts", "Show my shifts")
    w.shortcut(roster, "my-shifts", "ShowShifts", "My Shifts", "calendar",
               ["Show my shifts in ${applicationName}", "When do I work next in ${applicationName}"])
    mail = w.app("mail", "Mail", ["Email"])
    weather = w.app("weather", "Weather", ["Forecast"])
    bank = w.app("bank", "Bank", ["Banking"])
    tv = w.app("streaming", "StreamBox", ["TV", "Movies"])

    w.relevant("sleep.bedtime", [sd["brown-noise"], sd["fan-hum"]])
    w.relevant("location.work", [ck["handoff"]])
    w.relevant("location.work", [mc["heparin-drip"]])

    SHIFT = (WED, THU, FRI, SAT)
    w.place(SHIFT, "18:00", "18:55", "location.commute")
    w.place(SHIFT, "18:55", "31:30", "location.work")
    w.place(SHIFT, "31:30", "32:15", "location.commute")
    w.place((MON, TUE), "14:30", "16:00", "location.gym")
    # awake: nights on shift days (and the morning after), days otherwise
    w.awake_during((WED, THU, FRI, SAT), "15:00", "24:00")
    w.awake_during((THU, FRI, SAT, SUN), "00:00", "09:00")
    w.awake_during((SUN,), "15:30", "23:30")
    w.awake_during((MON, TUE), "09:30", "23:30")

    switch_day = w.day(4, WED)
    salt_day = w.day(3, WED)
    w.new_item(w.use(bk["salt-road"]), salt_day, "a new audiobook for the drive to work from week 4")
    w.routine("shift-day wake", SHIFT, "15:15", 40, w.use(cv["sam"]), ["location.home", "sleep.wakeup"], p=0.6)
    w.routine("drive-in audiobook", SHIFT, "18:15", 30,
              lambda d, rng: w.sc(books, "continue-book",
                                  bk["salt-road"] if d >= salt_day else bk["glass-orchard"]),
              ["location.commute", "hardware.headphones"], p=0.85)
    w.routine("handoff in", SHIFT, "19:05", 15, w.use(ck["handoff"]), ["location.work"], p=0.9)
    w.routine("drip calc", SHIFT, "21:00", 60, w.use(mc["heparin-drip"]), ["location.work"], p=0.5)
    w.routine("team chat", SHIFT, "23:00", 60, w.use(cv["night-team"]), ["location.work"], p=0.6,
              repeat=(1, 3), gap=120)
    w.routine("vitals rounds", SHIFT, "20:00", 30, w.use(ck["vitals-round"]), ["location.work"], p=0.95,
              repeat=(5, 8), gap=95)
    w.routine("supply count", SHIFT, "23:30", 45, w.use(ck["supply-count"]), ["location.work"], p=0.4)
    w.routine("before-work chat", SHIFT, "17:15", 40, w.use(cv["sam"]), ["location.home"], p=0.5)
    w.routine("before-work tv", SHIFT, "16:15", 40, w.launch(tv), ["location.home"], p=0.5)
    w.routine("off-day tv", (SUN, MON, TUE), "20:30", 50, w.launch(tv), ["location.home"], p=0.8,
              repeat=(1, 2), gap=60)
    w.routine("off-day chat", (MON, TUE), "18:00", 90, w.use(cv["sam"]), ["location.home"], p=0.6,
              repeat=(1, 2), gap=90)
    w.routine("2am med pass", SHIFT, "26:00", 25, w.use(ck["med-pass-0200"]), ["location.work"], p=0.85)
    w.routine("break game", SHIFT, "26:45", 30, w.launch(game), ["location.work"], p=0.6)
    w.routine("insulin calc", SHIFT, "27:30", 45, w.use(mc["insulin-sliding-scale"]), ["location.work"], p=0.5,
              repeat=(1, 2), gap=90)
    w.routine("handoff out", SHIFT, "30:50", 20, w.sc(sn, "new-handoff"), ["location.work"], p=0.85)
    w.routine("drive-home music", SHIFT, "31:45", 25, w.use(pl["wind-down"]),
              ["location.commute", "hardware.headphones"], p=0.8)
    w.routine("morning sleep sound", SHIFT, "32:45", 35,
              w.switch(w.sc(sleep, "play-sound", sd["brown-noise"]),
                       w.sc(sleep, "play-sound", sd["rain-on-tin-roof"]), switch_day,
                       "sleep sound after a shift: Brown Noise -> Rain on Tin Roof"),
              ["location.home", "sleep.bedtime"], p=0.85)
    w.routine("sunday wake", (SUN,), "15:45", 40, w.use(cv["sam"]), ["location.home", "sleep.wakeup"], p=0.7)
    w.routine("roster", (SUN,), "17:00", 60, w.sc(roster, "my-shifts"), ["location.home"], p=0.85)
    w.routine("off-day wake", (MON, TUE), "09:45", 40, w.launch(weather), ["location.home", "sleep.wakeup"], p=0.6)
    w.routine("groceries", (MON,), "11:00", 45, w.use(gl["weekly-shop"]), ["location.home"], p=0.85)
    w.routine("gym", (MON, TUE), "14:45", 30,
              lambda d, rng: w.use(wk["leg-day"] if d % 7 == MON else wk["upper-body"]),
              ["location.gym", "fitness.workoutActive"], p=0.8)
    w.routine("gym music", (MON, TUE), "14:50", 30, w.use(pl["gym-energy"]),
              ["location.gym", "fitness.workoutActive", "hardware.headphones", "audio.workout"], p=0.75)
    w.routine("off-night sleep", (SUN, MON, TUE), "23:15", 40,
              w.switch(w.sc(sleep, "play-sound", sd["brown-noise"]),
                       w.sc(sleep, "play-sound", sd["rain-on-tin-roof"]), switch_day,
                       "sleep sound on off nights: Brown Noise -> Rain on Tin Roof"),
              ["location.home", "sleep.bedtime"], p=0.7)
    w.routine("off-day mail", (SUN, MON, TUE), "12:00", 90, w.launch(mail), ["location.home"], p=0.6)

    w.zipf_noise([w.use(cv["mom"]), w.launch(bank), w.use(mc["iv-flow-rate"]), w.use(pl["night-drive"]),
                  w.use(gl["pharmacy"]), w.use(bk["north-of-midnight"]), w.use(ck["incident-log"]),
                  w.use(sd["thunderstorm"]), w.use(pl["country-roads"]), w.use(mc["gcs"]),
                  w.use(cv["charge-nurse"]), w.use(gl["costco-run"]), w.use(wk["treadmill-5k"]),
                  w.use(bk["field-guide-to-quiet"]), w.use(pl["motown"]),
                  w.use(mc["pediatric-dosing"]), w.launch(weather), w.use(sd["fan-hum"])])
    return w


# ============================================================ the parent
def parent():
    w = World("parent", "Ravi, a parent of two in Bengaluru: school run and lunch boxes on "
              "weekdays, kids' classes Mon/Wed/Fri, bedtime stories every night.",
              "+05:30", "2026-06-01", 10, noise=0.25)
    school = w.app("schooldiary", "School Diary", ["School", "Homework"])
    w.entity_type(school, "DiaryItemEntity", "OpenItem", "Open Item", "item")
    di = {sid: w.ent(school, "DiaryItemEntity", sid, title, sub)
          for sid, title, sub in [("aarav-homework", "Aarav – Homework", "Class 3B"),
                                  ("meera-notices", "Meera – Class Notices", "Class 1A"),
                                  ("lunch-menu", "Lunch Menu", "This week"),
                                  ("term-2-timetable", "Term 2 Timetable", "From July"),
                                  ("fee-receipts", "Fee Receipts", "")]}
    cal = w.app("calendar", "Calendar", ["Agenda"])
    w.entity_type(cal, "EventEntity", "OpenEvent", "Open Event", "event")
    ev = {sid: w.ent(cal, "EventEntity", sid, title, sub)
          for sid, title, sub in [("swimming", "Swimming – Aarav", "Mondays 17:00"),
                                  ("piano", "Piano – Meera", "Wednesdays 17:30"),
                                  ("football", "Football Practice", "Fridays 16:45"),
                                  ("team-sync", "Team Sync", "Weekdays 10:00"),
                                  ("ptm", "Parent-Teacher Meeting", ""),
                                  ("quarterly-review", "Quarterly Review", "")]}
    st = w.app("stories", "Bedtime Stories", ["Stories", "Kids Stories"])
    w.entity_type(st, "StoryEntity", "ReadStory", "Read Story", "story")
    w.intent(st, "SurpriseStory", "Surprise Story", "Pick a story for tonight")
    w.shortcut(st, "read-story", "ReadStory", "Read Story", "book.closed",
               ["Read ${story} with ${applicationName}", "Tell ${story} in ${applicationName}"],
               {"name": "story", "type": "StoryEntity"})
    w.shortcut(st, "surprise", "SurpriseStory", "Surprise Story", "sparkles",
               ["Tell a surprise story with ${applicationName}"])
    so = {sid: w.ent(st, "StoryEntity", sid, title)
          for sid, title in [("tenali-raman", "Tenali Raman Tales"), ("little-elephant", "The Little Elephant"),
                             ("moon-rabbit", "The Moon Rabbit"), ("panchatantra", "Panchatantra Stories"),
                             ("akbar-birbal", "Akbar and Birbal")]}
    music = w.app("music", "Music", ["Songs"])
    w.entity_type(music, "PlaylistEntity", "PlayPlaylist", "Play Playlist", "playlist")
    pl = {sid: w.ent(music, "PlaylistEntity", sid, title)
          for sid, title in [("school-run-singalong", "School Run Singalong"),
                             ("carnatic-morning", "Carnatic Morning"), ("focus", "Focus"),
                             ("bollywood-hits", "Bollywood Hits"), ("lullabies", "Lullabies"),
                             ("ar-rahman", "A. R. Rahman Essentials")]}
    cab = w.app("ridenow", "RideNow", ["Cab", "Taxi"])
    w.entity_type(cab, "PlaceEntity", "BookRide", "Book Ride", "destination")
    w.shortcut(cab, "ride-to", "BookRide", "Ride To", "car",
               ["Get a ride to ${destination} with ${applicationName}", "Book ${applicationName} to ${destination}"],
               {"name": "destination", "type": "PlaceEntity"})
    pc = {sid: w.ent(cab, "PlaceEntity", sid, title)
          for sid, title in [("office-whitefield", "Office – Whitefield"), ("home", "Home"),
                             ("airport", "Kempegowda Airport"), ("parents-house", "Amma's House")]}
    groc = w.app("quickcart", "QuickCart", ["Groceries", "Instant Delivery"])
    w.entity_type(groc, "ListEntity", "OrderList", "Order List", "list")
    gl = {sid: w.ent(groc, "ListEntity", sid, title)
          for sid, title in [("weekly-veggies", "Weekly Veggies"), ("milk-bread", "Milk & Bread"),
                             ("party-snacks", "Party Snacks")]}
    med = w.app("mindful", "Mindful", ["Meditation"])
    w.entity_type(med, "SessionEntity", "StartSession", "Start Session", "session")
    ms = {sid: w.ent(med, "SessionEntity", sid, title)
          for sid, title in [("evening-unwind", "Evening Unwind"), ("body-scan", "Body Scan"),
                             ("morning-breath", "Morning Breath")]}
    chat = w.app("chat", "WhatsUp", ["Chat", "Messages"])
    w.entity_type(chat, "ConversationEntity", "OpenConversation", "Open Conversation", "conversation")
    cv = {sid: w.ent(chat, "ConversationEntity", sid, title)
          for sid, title in [("family", "Family Group"), ("class-3b-parents", "Class 3B Parents"),
                             ("anita", "Anita"), ("work-team", "Platform Team")]}
    mail = w.app("mail", "Mail", ["Email"])
    w.entity_type(mail, "MailboxEntity", "OpenMailbox", "Open Mailbox", "mailbox")
    mb = {sid: w.ent(mail, "MailboxEntity", sid, title)
          for sid, title in [("work", "Work Inbox"), ("personal", "Personal")]}
    video = w.app("videocall", "Video Call", ["Call"])
    cricket = w.app("cricket", "Cricket Live", ["Scores"])
    pay = w.app("upi", "UPI Pay", ["Payments"])

    w.relevant("sleep.bedtime", [so["moon-rabbit"]])
    w.relevant("sleep.bedtime", [ms["evening-unwind"]])
    w.relevant("location.school", [di["meera-notices"]])

    w.place(WEEKDAYS, "07:20", "08:05", "location.commute")
    w.place(WEEKDAYS, "08:05", "08:30", "location.school")
    w.place(WEEKDAYS, "08:30", "09:15", "location.commute")
    w.place(WEEKDAYS, "09:15", "16:15", "location.work")
    w.place(WEEKDAYS, "16:15", "17:00", "location.commute")
    w.awake_during(WEEKDAYS, "06:00", "23:00")
    w.awake_during(WEEKEND, "07:00", "23:30")

    switch_day = w.day(5, THU)
    term2_day = w.day(4, MON)
    w.new_item(w.use(di["term-2-timetable"]), term2_day, "the term 2 timetable appears in week 5")
    w.new_item(w.use(ev["ptm"]), w.day(6, MON), "a parent-teacher meeting gets looked up in week 7")
    H = ["location.home"]
    w.routine("lunch menu", WEEKDAYS, "06:30", 30, w.use(di["lunch-menu"]), H + ["sleep.wakeup"], p=0.8)
    w.routine("morning timetable", WEEKDAYS, "06:50", 20, w.use(di["term-2-timetable"]), H, p=0.6,
              first=term2_day)
    w.routine("class parents chat", WEEKDAYS, "06:55", 30, w.use(cv["class-3b-parents"]), H, p=0.45)
    w.routine("school run music", WEEKDAYS, "07:30", 20, w.use(pl["school-run-singalong"]),
              ["location.commute"], p=0.85)
    w.routine("cab to office", WEEKDAYS, "08:25", 20, w.sc(cab, "ride-to", pc["office-whitefield"]),
              ["location.school"], p=0.75)
    w.routine("team sync", WEEKDAYS, "10:00", 15, w.use(ev["team-sync"]), ["location.work"], p=0.85)
    w.routine("work mail", WEEKDAYS, "10:30", 40, w.use(mb["work"]), ["location.work"],
              p=0.9, repeat=(2, 4), gap=110)
    w.routine("team chat", WEEKDAYS, "11:00", 40, w.use(cv["work-team"]), ["location.work"],
              p=0.85, repeat=(2, 4), gap=100)
    w.routine("focus music", WEEKDAYS, "14:00", 45, w.use(pl["focus"]),
              ["location.work", "hardware.headphones"], p=0.5)
    w.routine("cab home", WEEKDAYS, "16:15", 20, w.sc(cab, "ride-to", pc["home"]), ["location.work"], p=0.7)
    w.routine("swimming", (MON,), "16:45", 20, w.use(ev["swimming"]), ["location.commute"], p=0.9)
    w.routine("piano", (WED,), "17:15", 20, w.use(ev["piano"]), H, p=0.9)
    w.routine("football", (FRI,), "16:30", 20, w.use(ev["football"]), ["location.commute"], p=0.9)
    w.routine("homework", (MON, TUE, WED, THU), "19:30", 30, w.use(di["aarav-homework"]), H, p=0.8)
    w.routine("notices", WEEKDAYS, "19:50", 30, w.use(di["meera-notices"]), H, p=0.5)
    w.routine("bedtime story", EVERY_DAY, "20:45", 30,
              w.switch(w.sc(st, "read-story", so["tenali-raman"]),
                       w.sc(st, "read-story", so["little-elephant"]), switch_day,
                       "bedtime story: Tenali Raman Tales -> The Little Elephant"),
              H + ["sleep.bedtime"], p=0.9)
    w.routine("family chat", EVERY_DAY, "21:30", 40, w.use(cv["family"]), H, p=0.5)
    w.routine("meditation", EVERY_DAY, "22:30", 40, w.use(ms["evening-unwind"]),
              H + ["sleep.bedtime", "hardware.headphones"], p=0.55)
    w.routine("saturday groceries", (SAT,), "09:30", 40, w.use(gl["weekly-veggies"]), H, p=0.85)
    w.routine("milk and bread", (TUE, FRI, SUN), "07:45", 60, w.use(gl["milk-bread"]), H, p=0.35)
    w.routine("sunday carnatic", (SUN,), "07:30", 40, w.use(pl["carnatic-morning"]), H, p=0.75)
    w.routine("saturday cricket", (SAT, SUN), "15:00", 60, w.launch(cricket), H, p=0.6)
    w.routine("sunday video call", (SUN,), "19:00", 30, w.launch(video), H, p=0.85)
    w.routine("parent-teacher meeting", (MON, TUE, WED, THU), "20:00", 60, w.use(ev["ptm"]), H, p=0.6,
              first=w.day(6, MON), last=w.day(7, MON))

    w.zipf_noise([w.launch(pay), w.use(cv["anita"]), w.use(pl["bollywood-hits"]), w.use(mb["personal"]),
                  w.use(so["moon-rabbit"]), w.use(ms["body-scan"]), w.use(di["fee-receipts"]),
                  w.use(cv["work-team"]), w.use(pl["ar-rahman"]), w.use(gl["party-snacks"]),
                  w.use(pc["parents-house"]), w.sc(st, "surprise"), w.use(so["panchatantra"]),
                  w.use(ev["quarterly-review"]), w.use(pl["lullabies"]),
                  w.use(ms["morning-breath"]), w.use(so["akbar-birbal"]), w.use(pc["airport"]),
                  w.launch(cricket), w.launch(mail)])
    return w


PEOPLE = [commuter, runner, student, nightshift, parent]


def check(w, records):
    """Every reference resolves; limits hold; times are sorted."""
    apps = {r["app"] for r in records if r["kind"] == "app"}
    intents = {(r["app"], r["id"]) for r in records if r["kind"] == "intent"}
    shortcuts = {(r["app"], r["id"]): r for r in records if r["kind"] == "shortcut"}
    ents = {(r["app"], r["type"], r["id"]) for r in records if r["kind"] == "entity"}
    seen_interaction = False
    last = None
    per_app = {}
    for r in records:
        k = r["kind"]
        assert r["app"] in apps, r
        if k == "interaction":
            seen_interaction = True
            if "intent" in r:
                assert (r["app"], r["intent"]) in intents, r
            if "shortcut" in r:
                assert (r["app"], r["shortcut"]) in shortcuts, r
            for e in r.get("entities", []):
                assert (r["app"], e["type"], e["id"]) in ents, r
            t = dt.datetime.fromisoformat(r["at"])
            assert r["at"].endswith(w.offset), r
            assert last is None or t >= last, r
            last = t
        else:
            assert not seen_interaction, "declarations come first"
        if k == "shortcut":
            per_app[r["app"]] = per_app.get(r["app"], 0) + 1
            assert (r["app"], r["intent"]) in intents
            p = r.get("parameter")
            if p and "cases" not in p:
                assert (r["app"], p["type"]) in {(a, t) for a, t, _ in ents}, r
        if k == "relevance":
            for e in r["entities"]:
                assert (r["app"], e["type"], e["id"]) in ents
    assert all(n <= 10 for n in per_app.values())
    n = sum(1 for r in records if r["kind"] == "interaction")
    assert 1000 <= n <= 4000, (w.person, n)
    share = w.n_noise / n
    assert 0.20 <= share <= 0.30, (w.person, share)


def main():
    check_only = "--check" in sys.argv[1:]
    os.makedirs(OUT, exist_ok=True)
    ok = True
    for make in PEOPLE:
        w = make()
        records = w.records()
        check(w, records)
        files = {
            os.path.join(OUT, f"{w.person}.jsonl"): "".join(dumps(r) + "\n" for r in records),
            os.path.join(OUT, f"{w.person}.meta.json"):
                json.dumps(w.meta(), ensure_ascii=False, indent=1) + "\n",
        }
        for path, text in files.items():
            if check_only:
                try:
                    with open(path, encoding="utf-8") as f:
                        same = f.read() == text
                except FileNotFoundError:
                    same = False
                if not same:
                    print(f"differs: {path}", file=sys.stderr)
                    ok = False
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
        m = w.meta()
        print(f"{w.person:11s} {m['utcOffset']} {m['start']}..{m['end']} {m['weeks']:2d} wk "
              f"{m['interactions']:5d} interactions ({m['noiseShare']:.0%} noise), "
              f"{m['distinctTargets']} targets")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
