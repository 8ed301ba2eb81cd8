#!/usr/bin/env python3
"""Writes the everyday datasets of tests/golden/data/ (see everyday.txt).

Deterministic (one random.Random(seed) per file), standard library only, no
network: `python3 tests/golden/make_data.py` rewrites the same bytes. Each
file is shaped like a public dataset people often load (Titanic passengers,
weather station readings, daily stock prices, house sales, a French household
budget, a Spanish sports club's members, school grades, an HR extract, web
shop orders, insurance charges, pet adoptions), 60 to 300 rows.

Plain CSV (comma, UTF-8, "\n") except budget.csv: a French spreadsheet export
with ";" separators, decimal commas and dd/mm/yyyy dates, UTF-8 with accents.
"""

import csv
import datetime as dt
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data"


def write(name, header, rows, delimiter=","):
    path = OUT / name
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, delimiter=delimiter, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    print(f"{name}: {len(rows)} rows")


def money(x):
    return f"{x:.2f}"


def comma(x):
    """A French decimal: 1234.5 -> "1234,50"."""
    return f"{x:.2f}".replace(".", ",")


FIRST_M = ["James", "John", "William", "Thomas", "George", "Charles", "Henry",
           "Edward", "Arthur", "Frederick", "Albert", "Joseph", "Patrick",
           "Samuel", "Walter", "Harry", "Alfred", "Ernest", "Richard", "Karl",
           "Johan", "Olaf", "Michael", "Daniel", "Peter"]
FIRST_F = ["Mary", "Anna", "Elizabeth", "Margaret", "Alice", "Helen", "Ellen",
           "Catherine", "Bridget", "Edith", "Florence", "Ada", "Emily", "Maria",
           "Elin", "Hilda", "Julia", "Rose", "Grace", "Marion", "Nora"]
SURNAMES = ["Smith", "Brown", "Johnson", "Andersson", "Kelly", "Murphy",
            "Williams", "Davies", "Carter", "Hansen", "Olsen", "Sullivan",
            "Harris", "Goldsmith", "Baxter", "Fortune", "Nicholls", "Dean",
            "Lindqvist", "Svensson", "Ryan", "Walsh", "Becker", "Moore",
            "Thomas", "Allen", "Palmer", "Ward", "Hayes", "Lefebre", "Nasser",
            "Hocking", "Turner", "Collins", "Jensen", "Keane", "Morgan"]


def passengers():
    """Titanic-like: 240 passengers."""
    r = random.Random(1912)
    rows = []
    for pid in range(1, 241):
        pclass = r.choices([1, 2, 3], [0.24, 0.21, 0.55])[0]
        sex = "female" if r.random() < 0.36 else "male"
        age = None
        if r.random() > 0.19:
            age = {1: r.gauss(38, 13), 2: r.gauss(30, 13), 3: r.gauss(25, 12)}[pclass]
            age = max(0.42, min(74.0, age))
            age = round(age) if age >= 1 else round(age, 2)
            if r.random() < 0.06 and age > 1:
                age = age + 0.5
        surname = r.choice(SURNAMES)
        if sex == "male":
            title = "Master." if age is not None and age < 13 else "Mr."
            name = f"{surname}, {title} {r.choice(FIRST_M)}"
            if r.random() < 0.3:
                name += f" {r.choice(FIRST_M)}"
        else:
            married = age is not None and age > 22 and r.random() < 0.6
            if married:
                name = f"{surname}, Mrs. {r.choice(FIRST_M)} ({r.choice(FIRST_F)} {r.choice(SURNAMES)})"
            else:
                name = f"{surname}, Miss. {r.choice(FIRST_F)}"
        p_surv = {("female", 1): 0.95, ("female", 2): 0.9, ("female", 3): 0.5,
                  ("male", 1): 0.37, ("male", 2): 0.16, ("male", 3): 0.14}[(sex, pclass)]
        if age is not None and age < 10:
            p_surv = max(p_surv, 0.6)
        survived = 1 if r.random() < p_surv else 0
        sibsp = r.choices([0, 1, 2, 3, 4], [0.68, 0.23, 0.04, 0.03, 0.02])[0]
        parch = r.choices([0, 1, 2, 3], [0.76, 0.13, 0.09, 0.02])[0]
        base = {1: r.uniform(26, 160), 2: r.uniform(10, 33), 3: r.uniform(6.9, 25)}[pclass]
        if pclass == 1 and r.random() < 0.08:
            base = r.uniform(200, 512)
        fare = round(base * (1 + 0.4 * (sibsp + parch > 0)), 4)
        ticket = r.choice([
            str(r.randint(110000, 113999)), str(r.randint(340000, 370000)),
            f"PC {r.randint(17000, 17800)}", f"A/5 {r.randint(1000, 29999)}",
            f"STON/O2. {r.randint(3100000, 3101999)}", f"C.A. {r.randint(2000, 34000)}",
            str(r.randint(2000, 29999))])
        cabin = ""
        if pclass == 1 and r.random() < 0.75:
            cabin = f"{r.choice('ABCDE')}{r.randint(2, 126)}"
        elif pclass < 3 and r.random() < 0.1:
            cabin = f"{r.choice('DEF')}{r.randint(2, 60)}"
        elif r.random() < 0.02:
            cabin = f"G{r.randint(6, 73)}"
        embarked = r.choices(["S", "C", "Q"], [0.72, 0.19, 0.09])[0]
        if pid in (62, 170):
            embarked = ""
        rows.append([pid, survived, pclass, name, sex, "" if age is None else age,
                     sibsp, parch, ticket, f"{fare:.4f}".rstrip("0").rstrip("."),
                     cabin, embarked])
    write("passengers.csv", ["PassengerId", "Survived", "Pclass", "Name", "Sex",
                             "Age", "SibSp", "Parch", "Ticket", "Fare", "Cabin",
                             "Embarked"], rows)


def weather():
    """Three stations read every 8th day over two years (2023-2024): 276 rows."""
    r = random.Random(2023)
    stations = {"Paris": (12.5, 8.0, 1.7), "Lyon": (12.8, 9.5, 2.1), "Nice": (16.0, 6.5, 2.2)}
    rows = []
    day = dt.date(2023, 1, 3)
    while day <= dt.date(2024, 12, 31):
        doy = day.timetuple().tm_yday
        season = -math.cos(2 * math.pi * (doy - 15) / 365.25)
        for name, (mean_t, amp, rain) in stations.items():
            temp = round(mean_t + amp * season + r.gauss(0, 2.8), 1)
            wet = r.random() < (0.42 if name != "Nice" else 0.25)
            precip = round(r.expovariate(1 / (rain * 2.6)), 1) if wet else 0.0
            wind = round(max(2.0, r.gauss(14 if name != "Nice" else 17, 6)), 1)
            humidity = int(min(100, max(28, r.gauss(74 - 9 * season - (8 if name == "Nice" else 0), 9))))
            if wet:
                humidity = min(100, humidity + 8)
            row = [day.isoformat(), name, temp, precip, wind, humidity]
            rows.append(row)
        day += dt.timedelta(days=8)
    # A few readings lost by the instruments.
    for i in r.sample(range(len(rows)), 4):
        rows[i][2] = ""
    for i in r.sample(range(len(rows)), 3):
        rows[i][3] = ""
    write("weather.csv", ["date", "station", "temp_c", "precipitation_mm",
                          "wind_kmh", "humidity"], rows)


def stocks():
    """Daily prices of one share over the business days of 2024."""
    r = random.Random(42)
    holidays = {dt.date(2024, 1, 1), dt.date(2024, 1, 15), dt.date(2024, 2, 19),
                dt.date(2024, 3, 29), dt.date(2024, 5, 27), dt.date(2024, 6, 19),
                dt.date(2024, 7, 4), dt.date(2024, 9, 2), dt.date(2024, 11, 28),
                dt.date(2024, 12, 25)}
    rows = []
    close = 187.15
    day = dt.date(2024, 1, 2)
    while day <= dt.date(2024, 12, 31):
        if day.weekday() < 5 and day not in holidays:
            open_ = close * (1 + r.gauss(0, 0.004))
            close = open_ * (1 + r.gauss(0.0006, 0.014))
            high = max(open_, close) * (1 + abs(r.gauss(0, 0.006)))
            low = min(open_, close) * (1 - abs(r.gauss(0, 0.006)))
            volume = int(r.lognormvariate(math.log(52_000_000), 0.35))
            rows.append([day.isoformat(), money(open_), money(high), money(low),
                         money(close), volume])
        day += dt.timedelta(days=1)
    write("stocks.csv", ["Date", "Open", "High", "Low", "Close", "Volume"], rows)


def housing():
    """200 house sales in four English towns."""
    r = random.Random(7)
    towns = {"Bristol": 4100, "Leeds": 3000, "Reading": 4700, "Bath": 5300}
    rows = []
    for _ in range(200):
        city = r.choices(list(towns), [0.3, 0.3, 0.2, 0.2])[0]
        bedrooms = r.choices([1, 2, 3, 4, 5], [0.1, 0.28, 0.36, 0.19, 0.07])[0]
        area = round(max(28, r.gauss(28 + 24 * bedrooms, 12)))
        bathrooms = max(1, min(bedrooms, r.choices([1, 2, 3], [0.55, 0.35, 0.1])[0] + (bedrooms >= 4)))
        year = r.choice([r.randint(1880, 1939), r.randint(1945, 1999), r.randint(2000, 2023)])
        garage = "yes" if r.random() < (0.25 + 0.12 * bedrooms) else "no"
        age_factor = 1.08 if year < 1920 and city == "Bath" else (1.05 if year >= 2010 else 1.0)
        price = towns[city] * area * age_factor * (1.06 if garage == "yes" else 1) * r.uniform(0.85, 1.18)
        price = int(round(price / 500) * 500)
        rows.append([price, area, bedrooms, bathrooms, city, year, garage])
    write("housing.csv", ["price", "area_m2", "bedrooms", "bathrooms", "city",
                          "year_built", "has_garage"], rows)


def budget():
    """A French household's spending in 2024: ';', decimal commas, dd/mm/yyyy."""
    r = random.Random(2024)
    rows = []

    def add(day, cat, label, amount, pay):
        rows.append([day, cat, label, amount, pay])

    for month in range(1, 13):
        add(dt.date(2024, month, 5), "Logement", "Loyer", 850.0, "Virement")
        add(dt.date(2024, month, 8), "Logement", "Électricité EDF", round(r.uniform(48, 95), 2), "Prélèvement")
        add(dt.date(2024, month, 12), "Transport", "Pass Navigo", 86.4, "Prélèvement")
        for _ in range(r.randint(4, 6)):
            shop = r.choice(["Carrefour", "Monoprix", "Lidl", "Boulangerie", "Marché", "Picard"])
            amount = round(r.uniform(6, 28), 2) if shop in ("Boulangerie", "Marché") else round(r.uniform(25, 135), 2)
            pay = "Espèces" if shop in ("Boulangerie", "Marché") and r.random() < 0.6 else "Carte bancaire"
            add(dt.date(2024, month, r.randint(1, 28)), "Alimentation", f"Courses {shop}" if shop not in ("Boulangerie", "Marché") else shop, amount, pay)
        for _ in range(r.randint(1, 3)):
            label, lo, hi = r.choice([("Cinéma", 9, 24), ("Restaurant", 28, 95), ("Concert", 35, 80),
                                      ("Livres Fnac", 12, 45), ("Abonnement Netflix", 13.49, 13.49)])
            add(dt.date(2024, month, r.randint(1, 28)), "Loisirs", label, round(r.uniform(lo, hi), 2),
                "Prélèvement" if "Netflix" in label else r.choice(["Carte bancaire", "Carte bancaire", "Espèces"]))
        if r.random() < 0.7:
            label, lo, hi = r.choice([("Pharmacie", 6, 42), ("Médecin généraliste", 26.5, 30), ("Dentiste", 45, 160),
                                      ("Mutuelle", 38.9, 38.9)])
            add(dt.date(2024, month, r.randint(1, 28)), "Santé", label, round(r.uniform(lo, hi), 2),
                "Prélèvement" if label == "Mutuelle" else r.choice(["Carte bancaire", "Chèque"]))
        if r.random() < 0.45:
            add(dt.date(2024, month, r.randint(1, 28)), "Transport", r.choice(["Essence", "Billet SNCF", "Parking"]),
                round(r.uniform(12, 120), 2), "Carte bancaire")
        if month in (1, 9):
            add(dt.date(2024, month, 3), "Éducation", "Cantine et fournitures", round(r.uniform(90, 180), 2), "Chèque")
    rows.sort(key=lambda x: x[0])
    out = [[d.strftime("%d/%m/%Y"), c, l, comma(a), p] for d, c, l, a, p in rows]
    write("budget.csv", ["Date", "Catégorie", "Libellé", "Montant", "Moyen de paiement"], out, ";")


NOMBRES_F = ["Lucía", "María", "Paula", "Laura", "Marta", "Sofía", "Carmen", "Ana", "Elena", "Sara",
             "Irene", "Alba", "Noelia", "Julia", "Claudia", "Rocío", "Pilar", "Nerea"]
NOMBRES_M = ["Hugo", "Pablo", "Javier", "Daniel", "Álvaro", "Adrián", "Diego", "Sergio", "Jorge",
             "Carlos", "Manuel", "Iván", "Raúl", "Andrés", "Rubén", "Mario", "Óscar", "Luis"]
APELLIDOS = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez",
             "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Navarro",
             "Torres", "Domínguez", "Gil", "Vázquez"]


def club():
    """A Spanish sports club's 180 members."""
    r = random.Random(1898)
    rows = []
    fees = {"Infantil": 25.0, "Juvenil": 30.0, "Senior": 45.0, "Veterano": 35.0}
    for _ in range(180):
        cat = r.choices(list(fees), [0.22, 0.2, 0.38, 0.2])[0]
        age = {"Infantil": r.randint(6, 12), "Juvenil": r.randint(13, 17),
               "Senior": r.randint(18, 39), "Veterano": r.randint(40, 71)}[cat]
        gender = "Femenino" if r.random() < 0.46 else "Masculino"
        first = r.choice(NOMBRES_F if gender == "Femenino" else NOMBRES_M)
        name = f"{first} {r.choice(APELLIDOS)} {r.choice(APELLIDOS)}"
        fee = fees[cat]
        if r.random() < 0.15:
            fee = round(fee * 0.8, 2)  # family discount
        joined = dt.date(2016, 1, 1) + dt.timedelta(days=r.randint(0, 365 * 9 - 60))
        city = r.choices(["Madrid", "Getafe", "Leganés", "Alcorcón", "Móstoles"], [0.4, 0.2, 0.15, 0.15, 0.1])[0]
        rows.append([name, age, gender, cat, money(fee), joined.isoformat(), city])
    write("club.csv", ["Nombre", "Edad", "Género", "Categoría", "Cuota", "Fecha de alta", "Ciudad"], rows)


def grades():
    """18 pupils in three classes, five subjects, three terms: 270 grades out of 20."""
    r = random.Random(20)
    firsts = ["Emma", "Louis", "Jade", "Gabriel", "Louise", "Raphaël", "Chloé", "Arthur", "Inès",
              "Jules", "Léa", "Adam", "Manon", "Hugo", "Camille", "Nathan", "Zoé", "Noah"]
    rows = []
    for i, first in enumerate(firsts):
        cls = ["3A", "3B", "3C"][i % 3]
        level = r.gauss(12 + (0.8 if cls == "3A" else -0.6 if cls == "3C" else 0), 2.2)
        for term in ["T1", "T2", "T3"]:
            for subject, bias in [("Math", -0.6), ("French", 0.3), ("History", 0.5), ("Science", -0.2), ("English", 0.8)]:
                g = round(min(20, max(0, level + bias + r.gauss(0, 2.4))) * 2) / 2
                rows.append([first, cls, subject, g, term])
    for i in r.sample(range(len(rows)), 4):
        rows[i][3] = ""  # absent
    write("grades.csv", ["student", "class", "subject", "grade", "term"], rows)


def hr():
    """200 employees: department, salary, hire date, satisfaction."""
    r = random.Random(99)
    depts = {"Sales": 52000, "Engineering": 78000, "Marketing": 56000, "Finance": 64000, "HR": 50000}
    levels = ["Very dissatisfied", "Dissatisfied", "Neutral", "Satisfied", "Very satisfied"]
    firsts_f = ["Alice", "Emma", "Olivia", "Sophie", "Laura", "Grace", "Chloe", "Hannah", "Priya", "Mei"]
    firsts_m = ["Liam", "Noah", "Oliver", "Lucas", "Ethan", "Omar", "David", "Samuel", "Ravi", "Tom"]
    rows = []
    for i in range(200):
        dept = r.choices(list(depts), [0.3, 0.28, 0.16, 0.14, 0.12])[0]
        gender = r.choices(["Female", "Male", "Non-binary"], [0.47, 0.5, 0.03])[0]
        first = r.choice(firsts_f if gender == "Female" else firsts_m if gender == "Male" else firsts_f + firsts_m)
        name = f"{first} {r.choice(SURNAMES)}"
        hired = dt.date(2005, 1, 1) + dt.timedelta(days=r.randint(0, 365 * 20 - 30))
        years = (dt.date(2025, 6, 30) - hired).days / 365.25
        age = int(min(64, max(21, 23 + years + r.gauss(6, 6))))
        salary = depts[dept] * (1 + 0.022 * years) * r.uniform(0.85, 1.2)
        salary = int(round(salary / 100) * 100)
        sat = levels[min(4, max(0, int(round(r.gauss(2.4 + (0.4 if dept == "Engineering" else 0) - (0.5 if dept == "Sales" else 0), 1.0)))))]
        rows.append([f"E{1001 + i}", name, dept, gender, salary, hired.isoformat(), age, sat])
    write("hr.csv", ["employee_id", "name", "department", "gender", "salary", "hire_date", "age", "satisfaction"], rows)


def orders():
    """A small web shop's 220 orders in 2024."""
    r = random.Random(314)
    clients = ["Acme Corp", "Bluebird Ltd", "Northwind", "Globex", "Initech", "Umbrella Co",
               "Stark Supplies", "Wayne Retail"]
    weights = [0.2, 0.1, 0.18, 0.12, 0.1, 0.1, 0.1, 0.1]
    products = {"Keyboard": 49.0, "Mouse": 19.5, "Monitor": 189.0, "Headset": 79.0, "Webcam": 59.0, "Laptop stand": 35.0}
    rows = []
    for i in range(220):
        day = dt.date(2024, 1, 1) + dt.timedelta(days=r.randint(0, 365))
        client = r.choices(clients, weights)[0]
        country = {"Acme Corp": "USA", "Bluebird Ltd": "UK", "Northwind": "USA", "Globex": "Germany",
                   "Initech": "USA", "Umbrella Co": "UK", "Stark Supplies": "Canada", "Wayne Retail": "Canada"}[client]
        product = r.choice(list(products))
        qty = r.choices([1, 2, 3, 5, 10, 20], [0.35, 0.25, 0.15, 0.12, 0.09, 0.04])[0]
        price = products[product]
        discount = r.choice([0, 0, 0, 5, 10]) if qty >= 5 else 0
        amount = round(qty * price * (1 - discount / 100), 2)
        status = r.choices(["delivered", "shipped", "returned", "cancelled"], [0.78, 0.1, 0.07, 0.05])[0]
        rows.append([f"ORD-{2400 + i}", day, client, country, product, qty, money(price), discount, money(amount), status])
    rows.sort(key=lambda x: (x[1], x[0]))
    rows = [[o, d.isoformat(), *rest] for o, d, *rest in rows]
    write("orders.csv", ["order_id", "order_date", "client", "country", "product", "quantity",
                         "unit_price", "discount_pct", "amount", "status"], rows)


def insurance():
    """Medical insurance charges (the usual age/sex/bmi/children/smoker/region shape), 250 rows."""
    r = random.Random(1338)
    rows = []
    for _ in range(250):
        age = r.randint(18, 64)
        sex = r.choice(["female", "male"])
        bmi = round(min(53, max(16, r.gauss(30.6, 6.0))), 2)
        children = r.choices([0, 1, 2, 3, 4, 5], [0.43, 0.24, 0.18, 0.11, 0.02, 0.02])[0]
        smoker = "yes" if r.random() < 0.2 else "no"
        region = r.choice(["northeast", "northwest", "southeast", "southwest"])
        charges = 250 * age + 300 * max(0, bmi - 25) + 480 * children + r.gauss(2500, 1800)
        if smoker == "yes":
            charges += 23000 + (19000 if bmi > 30 else 0)
        charges = round(max(1121.87, charges), 2)
        rows.append([age, sex, f"{bmi:.2f}", children, smoker, region, money(charges)])
    write("insurance.csv", ["age", "sex", "bmi", "children", "smoker", "region", "charges"], rows)


def pets():
    """A shelter's 150 adoptions: the pet's age and the adopter's age side by side."""
    r = random.Random(808)
    breeds = {"Dog": ["Labrador", "Beagle", "Mixed", "Border Collie", "Staffie"],
              "Cat": ["European", "Siamese", "Mixed", "Maine Coon"],
              "Rabbit": ["Lop", "Dwarf", "Mixed"]}
    fees = {"Dog": 180, "Cat": 120, "Rabbit": 45}
    rows = []
    for i in range(150):
        species = r.choices(list(breeds), [0.5, 0.38, 0.12])[0]
        breed = r.choice(breeds[species])
        pet_age = round(max(0.2, r.expovariate(1 / (3.5 if species != "Rabbit" else 1.8))), 1)
        owner_age = r.randint(19, 78)
        fee = fees[species] - (40 if pet_age >= 8 and species != "Rabbit" else 0)
        day = dt.date(2023, 1, 1) + dt.timedelta(days=r.randint(0, 729))
        shelter = r.choice(["Northside", "Riverside", "Hillcrest"])
        rows.append([f"A{3000 + i}", species, breed, pet_age, owner_age, fee, day.isoformat(), shelter])
    rows.sort(key=lambda x: x[6])
    write("pets.csv", ["pet_id", "species", "breed", "pet_age", "owner_age", "adoption_fee",
                       "adopted_on", "shelter"], rows)


def clients():
    """The web shop's client list, to join with orders.csv on client: seven
    of its eight clients (Wayne Retail has no row, so its orders find no
    client) and one client with no order yet (Hooli)."""
    rows = [
        ["Northwind", "Wholesale", "Dana Kim", 2019, "50000"],
        ["Stark Supplies", "Wholesale", "Luis Ortega", 2020, "40000"],
        ["Acme Corp", "Retail", "Dana Kim", 2021, "15000"],
        ["Globex", "Retail", "Priya Nair", 2018, "20000"],
        ["Umbrella Co", "Public sector", "Luis Ortega", 2022, "30000"],
        ["Bluebird Ltd", "Retail", "Priya Nair", 2023, "10000"],
        ["Initech", "Public sector", "Dana Kim", 2017, "25000"],
        ["Hooli", "Wholesale", "Priya Nair", 2024, "35000"],
    ]
    write("clients.csv", ["client", "segment", "account_manager", "client_since",
                          "credit_limit"], rows)


def departments():
    """The HR extract's departments, to join with hr.csv on department: all
    five of them and one with nobody in the extract (Legal)."""
    rows = [
        ["Engineering", "Berlin", 3, "2400"],
        ["Sales", "London", 1, "1800"],
        ["Marketing", "London", 2, "900"],
        ["HR", "Berlin", 1, "400"],
        ["Finance", "Paris", 2, "600"],
        ["Legal", "Paris", 3, "300"],
    ]
    write("departments.csv", ["department", "site", "floor", "budget_k"], rows)


def objectifs():
    """Les objectifs des régions de ventes.csv (Région), en export de tableur
    français : point-virgule, virgule décimale."""
    rows = [
        ["Nord", "Claire Martin", comma(1500)],
        ["Sud", "Hugo Bernard", comma(1200.5)],
        ["Ouest", "Léa Petit", comma(900)],
        ["Île-de-France", "Karim Haddad", comma(2000)],
    ]
    write("objectifs.csv", ["Région", "Responsable", "Objectif"], rows, delimiter=";")


def regiones():
    """Los gerentes de las regiones de ventas.csv (región): Centro y Sur; el
    Norte no tiene fila, y el Este no tiene ventas."""
    rows = [
        ["Centro", "Marta Gil", "Madrid"],
        ["Sur", "Jorge Ruiz", "Sevilla"],
        ["Este", "Nuria Puig", "Valencia"],
    ]
    write("regiones.csv", ["región", "gerente", "sede"], rows)


if __name__ == "__main__":
    passengers()
    weather()
    stocks()
    housing()
    budget()
    club()
    grades()
    hr()
    orders()
    insurance()
    pets()
    clients()
    departments()
    objectifs()
    regiones()
