-- CreateEnum
CREATE TYPE "task_type" AS ENUM ('Outlet-replacement', 'Pipe-leakage', 'Painting');

-- CreateEnum
CREATE TYPE "city" AS ENUM ('Amsterdam', 'The Hague', 'Rotterdam');

-- CreateEnum
CREATE TYPE "criteria" AS ENUM ('price', 'rated', 'available');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "users_email_lower_case" CHECK ("email" = lower("email"))
);

-- CreateTable
CREATE TABLE "inputs" (
    "input_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "user_email" TEXT NOT NULL,
    "task_type" "task_type" NOT NULL,
    "city" "city" NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "date" DATE NOT NULL,
    "criteria" "criteria",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inputs_pkey" PRIMARY KEY ("input_id"),
    CONSTRAINT "inputs_details_length" CHECK (char_length("details") <= 2000)
);

-- CreateTable
CREATE TABLE "job_openings" (
    "job_id" VARCHAR(64) NOT NULL,
    "department" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "description" TEXT NOT NULL,
    "about" TEXT NOT NULL,
    "overview" TEXT NOT NULL,
    "requirements" TEXT NOT NULL,
    "benefits" TEXT NOT NULL,
    "interview_time" TEXT NOT NULL,
    "apply" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_openings_pkey" PRIMARY KEY ("job_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "inputs_user_id_created_at_idx" ON "inputs"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "job_openings_department_start_date_idx" ON "job_openings"("department", "start_date");

-- AddForeignKey
ALTER TABLE "inputs" ADD CONSTRAINT "inputs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
