#!/usr/bin/env python3
"""A second, independent generator of simulated lives for the replay evaluation.

Written separately from gen_replay.py (it shares only the record formats of
DESIGN.md), so that a ranker tuned on one generator's habits is checked on
another's. Its people differ on purpose:

- rotating shift work (day weeks and night weeks, work days that move);
- irregular weekends (some weekends worked, days off in the week);
- several places, including ones the design does not name (`location.cafe`,
  `location.studio`, `location.parents`);
- many items (100+ entities per person) and 20% noise drawn from all of them;
- one changed habit per person (a favourite replaced from a given day);
- one newly registered item: an app registers an entity as relevant for a
  context, and the person starts using it there mid-log.

Deterministic (fixed seeds, standard library only). Writes
corpus/eval/lives/<person>.jsonl in the layout of corpus/eval/replay:
world records first, then interactions sorted by time.

    python3 corpus/eval/gen_lives.py
"""
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "lives")

NOUNS = """amber birch cedar delta ember fjord grove harbor iris juniper kelp lagoon meadow nova orchid
pebble quartz river sierra tundra umber violet willow xenon yarrow zephyr atlas beacon canyon dune
echo falcon glacier heron island jasper kestrel lumen mesa nectar onyx prairie quill reef summit
thistle upland vale wren yonder basalt cobalt drift fern garnet hollow indigo jade""".split()
ADJ = """quiet bright early late slow rapid golden silver deep open hidden northern southern little
grand calm wild gentle steady second""".split()


def title(rng):
    return f"{rng.choice(ADJ).title()} {rng.choice(NOUNS).title()}"


class Person:
    def __init__(self, name, seed, offset, start, days):
        self.name, self.rng, self.offset = name, random.Random(seed), offset
        self.start, self.days = start, days
        self.apps, self.entities, self.events, self.relevance = [], [], [], []
        self.items = []  # (app, type, id) or (app,) for an app launch
        self.changes = []  # the habit changed (.meta.json), as gen_replay.py writes them

    def app(self, short, name, etype=None, count=0):
        app = f"lives.{self.name}.{short}"
        self.apps.append({"kind": "app", "app": app, "name": name})
        ids = []
        if etype:
            self.apps.append({"kind": "intent", "app": app, "id": "Open", "title": "Open",
                              "summary": "Open ${item}", "parameters": [{"name": "item", "type": etype}]})
            seen = set()
            for _ in range(count):
                t = title(self.rng)
                while t in seen:
                    t = title(self.rng)
                seen.add(t)
                eid = t.lower().replace(" ", "-")
                self.entities.append({"kind": "entity", "app": app, "type": etype, "id": eid, "title": t,
                                      "rankingHint": self.rng.randint(20, 80)})
                ids.append((app, etype, eid))
        self.items.append((app,))
        self.items += ids
        return (app,), ids

    def at(self, day, hour):
        tz = datetime.timezone(datetime.timedelta(hours=self.offset))
        base = datetime.datetime.combine(self.start + datetime.timedelta(days=day), datetime.time(0), tz)
        t = base + datetime.timedelta(hours=hour)
        return t.isoformat(timespec="seconds")

    def emit(self, day, hour, item, contexts):
        rec = {"kind": "interaction", "app": item[0], "at": self.at(day, hour), "context": sorted(set(contexts))}
        if len(item) == 3:
            rec["intent"] = "Open"
            rec["entities"] = [{"type": item[1], "id": item[2]}]
        self.events.append((day * 24 + hour, rec))

    def change(self, what, day, old, new):
        """Records that `new` replaces `old` in a habit from `day` on (the
        routine does it): the replay measures how soon suggestions follow."""
        def target(item):
            return {"kind": "entity", "app": item[0], "type": item[1], "id": item[2]}
        titles = {(e["app"], e["type"], e["id"]): e["title"] for e in self.entities}
        self.changes.append({"what": f"{what}: {titles[old]} -> {titles[new]}", "from": self.at(day, 0)[:10],
                             "old": target(old), "new": target(new)})
        return day

    def register(self, context, item):
        ent = next(e for e in self.entities if (e["app"], e["type"], e["id"]) == item)
        body = {k: v for k, v in ent.items() if k not in ("kind", "app")}
        self.relevance.append({"kind": "relevance", "app": item[0], "context": context, "op": "update",
                               "entities": [body]})

    def write(self):
        os.makedirs(OUT, exist_ok=True)
        self.events.sort(key=lambda e: e[0])
        with open(os.path.join(OUT, self.name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in self.apps + self.entities + self.relevance + [e[1] for e in self.events]:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        with open(os.path.join(OUT, self.name + ".meta.json"), "w", encoding="utf-8") as f:
            json.dump({"person": self.name, "habitChanges": self.changes}, f, ensure_ascii=False, indent=1)
            f.write("\n")
        return len(self.events)


def run(p, plan, noise_share=0.2):
    """plan(day) -> list of (hour, item, contexts) for the person's routine that
    day; then noise events (uniform over every item) at waking hours, with the
    contexts of the place the person is at then (plan gives `where(day, hour)`)."""
    routine, where = plan
    for day in range(p.days):
        todays = routine(day)
        for hour, item, ctx in todays:
            p.emit(day, hour, item, ctx)
        n_noise = sum(1 for _ in todays) * noise_share / (1 - noise_share)
        n = int(n_noise) + (1 if p.rng.random() < n_noise - int(n_noise) else 0)
        for _ in range(n):
            hour = p.rng.uniform(7, 23)
            ctx = where(day, hour)
            if p.rng.random() < 0.3:
                ctx = ctx + ["hardware.headphones"]
            p.emit(day, hour, p.rng.choice(p.items), ctx)


def jitter(rng, hour, sd=0.4):
    return min(23.98, max(0.0, hour + rng.gauss(0, sd)))


def pick(rng, weighted):
    r = rng.random() * sum(w for _, w in weighted)
    for item, w in weighted:
        r -= w
        if r <= 0:
            return item
    return weighted[-1][0]


# MARK: Mira, a hospital pharmacist on rotating shifts (day weeks, night weeks).

def mira():
    p = Person("rotating", 101, -5, datetime.date(2026, 1, 5), 70)
    rng = p.rng
    _, playlists = p.app("tunes", "Tunes", "Playlist", 30)
    _, notes = p.app("ward", "Ward Notes", "Protocol", 40)
    _, routes = p.app("drive", "Drive", "Route", 10)
    chat, threads = p.app("chat", "Chatter", "Thread", 15)
    sleep, sounds = p.app("sleepy", "Sleepy", "Sound", 12)
    news, _ = p.app("news", "Daily News")
    _, recipes = p.app("cook", "Cookbook", "Recipe", 25)
    weather, _ = p.app("weather", "Weather")
    old_sound, new_sound = sounds[0], sounds[1]
    change_day = p.change("sleep sound at bedtime", 38, old_sound, new_sound)
    protocol_new = notes[7]  # registered for location.work, first used from day 30
    p.register("location.work", protocol_new)

    def shift(day):
        week = day // 7
        dow = (p.start.weekday() + day) % 7
        night = week % 2 == 1
        works = ((dow + week) % 7) in (0, 1, 3, 4)  # four shifts a week, moving
        return works, night

    def where(day, hour):
        works, night = shift(day)
        if works and ((not night and 7.5 <= hour < 19) or (night and (hour >= 19.5 or hour < 7))):
            return ["location.work"]
        return ["location.home"]

    def routine(day):
        works, night = shift(day)
        out = []
        snd = new_sound if day >= change_day else old_sound
        if works and not night:
            out.append((jitter(rng, 6.2), weather, ["location.home", "sleep.wakeup"]))
            out.append((jitter(rng, 6.9), routes[0], ["location.commute"]))
            out.append((jitter(rng, 7.0), pick(rng, [(playlists[0], 6), (playlists[1], 2), (playlists[2], 1)]), ["location.commute", "hardware.headphones"]))
            for h in (8.5, 11, 14, 17):
                if rng.random() < 0.7:
                    out.append((jitter(rng, h, 0.6), pick(rng, [(notes[0], 4), (notes[1], 3), (notes[2], 2)] + ([(protocol_new, 4)] if day >= 30 else [])), ["location.work"]))
            if rng.random() < 0.8:
                out.append((jitter(rng, 12.5), pick(rng, [(threads[0], 5), (threads[1], 2)]), ["location.work"]))
            out.append((jitter(rng, 19.4), pick(rng, [(playlists[3], 5), (playlists[0], 1)]), ["location.commute", "hardware.headphones"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 20.3), pick(rng, [(recipes[0], 2), (recipes[1], 2), (recipes[2], 1)]), ["location.home"]))
            out.append((jitter(rng, 22.5), snd, ["location.home", "sleep.bedtime"]))
        elif works and night:
            out.append((jitter(rng, 17.5), weather, ["location.home", "sleep.wakeup"]))
            out.append((jitter(rng, 18.9), routes[1], ["location.commute"]))
            out.append((jitter(rng, 19.0), pick(rng, [(playlists[4], 5), (playlists[5], 2)]), ["location.commute", "hardware.headphones"]))
            for h in (20.5, 23, 2, 4.5):
                if rng.random() < 0.7:
                    out.append((jitter(rng, h, 0.6), pick(rng, [(notes[3], 4), (notes[1], 2), (notes[4], 2)] + ([(protocol_new, 3)] if day >= 30 else [])), ["location.work"]))
            out.append((jitter(rng, 7.4), pick(rng, [(playlists[4], 3), (playlists[3], 2)]), ["location.commute", "hardware.headphones"]))
            out.append((jitter(rng, 8.3), snd, ["location.home", "sleep.bedtime"]))
        else:
            if rng.random() < 0.7:
                out.append((jitter(rng, 9.5, 1.0), news, ["location.home"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 12.5, 1.0), pick(rng, [(recipes[3], 3), (recipes[4], 2), (recipes[0], 1)]), ["location.home"]))
            if rng.random() < 0.5:
                out.append((jitter(rng, 16, 1.5), pick(rng, [(threads[2], 3), (chat, 2)]), ["location.home"]))
            out.append((jitter(rng, 23.2, 0.6), snd, ["location.home", "sleep.bedtime"]))
        return out
    run(p, (routine, where))
    return p


# MARK: Teo, a café manager with irregular weekends and several places.

def teo():
    p = Person("irregular", 202, 1, datetime.date(2026, 3, 2), 70)
    rng = p.rng
    _, playlists = p.app("beats", "Beats", "Playlist", 25)
    _, orders = p.app("stock", "Stock", "Supplier", 30)
    roster, shifts = p.app("roster", "Roster", "Rota", 8)
    _, books = p.app("reader", "Reader", "Book", 20)
    _, workouts = p.app("lift", "Lift", "Workout", 12)
    maps, places = p.app("maps", "Maps", "Place", 25)
    _, chats = p.app("talk", "Talk", "Conversation", 20)
    bank, _ = p.app("bank", "Bank")
    old_book, new_book = books[0], books[1]
    change_day = p.change("book at bedtime", 35, old_book, new_book)
    wod = workouts[5]  # registered for location.gym, used from day 40
    p.register("location.gym", wod)
    off = {}
    for week in range(11):
        days = rng.sample(range(7), 2)  # two days off a week, any days
        for d in days:
            off[week * 7 + d] = True

    def where(day, hour):
        if day in off:
            if 10 <= hour < 13 and day % 3 == 0:
                return ["location.parents"]
            return ["location.home"]
        if 6.5 <= hour < 15:
            return ["location.cafe"]
        return ["location.home"]

    def routine(day):
        out = []
        book = new_book if day >= change_day else old_book
        if day not in off:
            out.append((jitter(rng, 5.9), pick(rng, [(playlists[0], 5), (playlists[1], 2)]), ["location.commute", "hardware.headphones"]))
            out.append((jitter(rng, 6.6), roster, ["location.cafe"]))
            for h in (7.5, 9.5, 11.5, 13.5):
                if rng.random() < 0.65:
                    out.append((jitter(rng, h, 0.7), pick(rng, [(orders[0], 4), (orders[1], 3), (orders[2], 2), (orders[3], 1)]), ["location.cafe"]))
            if rng.random() < 0.5:
                out.append((jitter(rng, 14.0), shifts[0], ["location.cafe"]))
            if rng.random() < 0.7:
                out.append((jitter(rng, 16.0, 0.5), pick(rng, [(workouts[0], 3), (workouts[1], 3), (workouts[2], 1)] + ([(wod, 4)] if day >= 40 else [])), ["location.gym", "fitness.workoutActive"]))
                out.append((jitter(rng, 16.1, 0.5), playlists[2], ["location.gym", "hardware.headphones", "audio.workout"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 19.0, 1.0), pick(rng, [(chats[0], 3), (chats[1], 2)]), ["location.home"]))
            out.append((jitter(rng, 21.8, 0.5), book, ["location.home", "sleep.bedtime"]))
        else:
            if rng.random() < 0.8:
                out.append((jitter(rng, 9.8, 1.0), pick(rng, [(chats[2], 3), (chats[0], 1)]), ["location.home"]))
            if day % 3 == 0:
                out.append((jitter(rng, 10.2, 0.4), pick(rng, [(places[0], 3), (maps, 2)]), ["location.commute"]))
                out.append((jitter(rng, 11.0, 0.5), pick(rng, [(chats[3], 4), (places[1], 1)]), ["location.parents"]))
            if rng.random() < 0.5:
                out.append((jitter(rng, 14.5, 1.5), bank, ["location.home"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 17.0, 1.5), pick(rng, [(places[2], 2), (places[3], 2), (maps, 1)]), ["location.home"]))
            out.append((jitter(rng, 23.4, 0.5), book, ["location.home", "sleep.bedtime"]))
        return out
    run(p, (routine, where))
    return p


# MARK: Sol, a freelance illustrator with many clients, studio and co-working days.

def sol():
    p = Person("freelancer", 303, 9, datetime.date(2026, 5, 4), 70)
    rng = p.rng
    _, projects = p.app("canvas", "Canvas", "Project", 45)
    _, clients = p.app("mailer", "Mailer", "Client", 30)
    _, mixes = p.app("radio", "Radio", "Station", 20)
    timer, _ = p.app("timer", "Focus Timer")
    _, invoices = p.app("ledger", "Ledger", "Invoice", 25)
    _, runs = p.app("stride", "Stride", "Run", 8)
    _, recipes = p.app("kitchen", "Kitchen", "Dish", 15)
    old_station, new_station = mixes[0], mixes[1]
    change_day = p.change("radio station at the desk in the morning", 30, old_station, new_station)
    fresh_invoice = invoices[9]  # registered for location.studio, used from day 25
    p.register("location.studio", fresh_invoice)

    def kind(day):
        dow = (p.start.weekday() + day) % 7
        if dow in (1, 3):
            return "studio"
        if dow in (0, 2, 4):
            return "cowork"
        return "weekend" if rng.random() < 0.8 else "cowork"

    kinds = [kind(d) for d in range(p.days)]
    rng.seed(304)

    def where(day, hour):
        k = kinds[day]
        if k == "studio" and 9.5 <= hour < 18:
            return ["location.studio"]
        if k == "cowork" and 10 <= hour < 17:
            return ["location.work"]
        return ["location.home"]

    def routine(day):
        k = kinds[day]
        out = []
        station = new_station if day >= change_day else old_station
        week = day // 7
        active = projects[(week % 5) * 3:(week % 5) * 3 + 3]  # the projects of these weeks
        if k in ("studio", "cowork"):
            place = "location.studio" if k == "studio" else "location.work"
            if rng.random() < 0.6:
                out.append((jitter(rng, 7.0, 0.3), runs[0] if k == "studio" else runs[1], ["audio.workout.running", "fitness.workoutActive"]))
            out.append((jitter(rng, 9.0, 0.5), pick(rng, [(clients[0], 3), (clients[1], 2), (clients[2], 1)]), ["location.home"]))
            out.append((jitter(rng, 10.2, 0.3), station, [place, "hardware.headphones"]))
            out.append((jitter(rng, 10.4, 0.3), timer, [place]))
            for h in (11, 13.5, 15.5):
                if rng.random() < 0.75:
                    out.append((jitter(rng, h, 0.8), pick(rng, [(active[0], 4), (active[1], 2), (active[2], 1)]), [place]))
            if k == "studio":
                if rng.random() < 0.7:
                    out.append((jitter(rng, 16.5, 0.6), pick(rng, [(invoices[0], 2), (invoices[1], 1)] + ([(fresh_invoice, 4)] if day >= 25 else [])), [place]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 19.0, 0.7), pick(rng, [(recipes[0], 2), (recipes[1], 2), (recipes[2], 1)]), ["location.home"]))
        else:
            if rng.random() < 0.5:
                out.append((jitter(rng, 8.5, 1.0), runs[2], ["audio.workout.running", "fitness.workoutActive"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 11.0, 1.5), mixes[3], ["location.home", "hardware.headphones"]))
            if rng.random() < 0.5:
                out.append((jitter(rng, 15.0, 1.5), pick(rng, [(projects[40], 2), (projects[41], 1)]), ["location.home"]))
            if rng.random() < 0.7:
                out.append((jitter(rng, 18.5, 1.0), pick(rng, [(recipes[3], 2), (recipes[4], 1)]), ["location.home"]))
        return out
    run(p, (routine, where))
    return p


# MARK: Ana, a courier on early shifts, with many delivery zones.

def ana():
    p = Person("courier", 404, -3, datetime.date(2026, 8, 3), 70)
    rng = p.rng
    _, zones = p.app("dispatch", "Dispatch", "Zone", 40)
    _, tracks = p.app("pods", "Pods", "Episode", 40)
    scan, _ = p.app("scanner", "Scanner")
    _, contacts = p.app("phone", "Phone", "Contact", 30)
    _, lists = p.app("groceries", "Groceries", "List", 10)
    _, games = p.app("arcade", "Arcade", "Game", 15)
    old_show, new_show = tracks[0], tracks[1]
    change_day = p.change("episode on the commute", 33, old_show, new_show)
    zone_new = zones[12]  # registered for location.work, used from day 28
    p.register("location.work", zone_new)
    # Works six days in seven, with the day off moving each week; some weeks a late shift.
    def off(day):
        return (day % 7) == ((day // 7) * 3) % 7

    def late(day):
        return (day // 7) % 3 == 2

    def where(day, hour):
        if off(day):
            return ["location.home"]
        s = 13 if late(day) else 5.5
        if s <= hour < s + 8:
            return ["location.work"]
        return ["location.home"]

    def routine(day):
        out = []
        show = new_show if day >= change_day else old_show
        if off(day):
            if rng.random() < 0.7:
                out.append((jitter(rng, 10.5, 1.0), pick(rng, [(lists[0], 3), (lists[1], 1)]), ["location.home"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 14.0, 2.0), pick(rng, [(games[0], 3), (games[1], 2)]), ["location.home"]))
            if rng.random() < 0.6:
                out.append((jitter(rng, 19.0, 1.0), pick(rng, [(contacts[0], 3), (contacts[1], 2)]), ["location.home"]))
            return out
        s = 13 if late(day) else 5.5
        out.append((jitter(rng, s - 0.4, 0.2), show, ["location.commute", "hardware.headphones"]))
        out.append((jitter(rng, s + 0.1, 0.2), scan, ["location.work"]))
        zone_set = zones[(day % 3) * 4:(day % 3) * 4 + 4]
        for k in range(4):
            if rng.random() < 0.8:
                pool = [(zone_set[k], 5), (zone_set[(k + 1) % 4], 1)] + ([(zone_new, 3)] if day >= 28 and k == 2 else [])
                out.append((jitter(rng, s + 1 + k * 1.7, 0.4), pick(rng, pool), ["location.work"]))
        if rng.random() < 0.6:
            out.append((jitter(rng, s + 4.0, 0.5), pick(rng, [(contacts[2], 3), (contacts[3], 1)]), ["location.work"]))
        out.append((jitter(rng, s + 8.3, 0.3), pick(rng, [(tracks[2], 3), (show, 2)]), ["location.commute", "hardware.headphones"]))
        if rng.random() < 0.5:
            out.append((jitter(rng, s + 10, 1.0), pick(rng, [(games[2], 2), (lists[2], 1)]), ["location.home"]))
        return out
    run(p, (routine, where))
    return p


if __name__ == "__main__":
    for make in (mira, teo, sol, ana):
        person = make()
        n = person.write()
        print(f"{person.name}: {len(person.items)} items, {n} interactions")
